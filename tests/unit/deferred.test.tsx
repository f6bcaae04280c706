import { act, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { preloadWhenFirstDataSettles } from '../../src/app/preload-when-settled';
import { deferred, preloadDeferredParts } from '../../src/components/deferred';
import { Toaster, toast } from '../../src/components/toast';

/**
 * Rarely shown parts (errors, banners, toasts) load apart from the first paint: they must still
 * show, say something when their code is out of reach, and be announced.
 */
describe('a deferred part', () => {
  it('renders once its code has arrived, with its props', async () => {
    const Greeting = deferred(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>), {
      preload: false,
    });
    render(<Greeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('shows its fallback when its code cannot be loaded (offline, or a newer deployment)', async () => {
    const Broken = deferred<object>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      {
        fallback: () => <p role="alert">Could not be loaded</p>,
        preload: false,
      },
    );
    render(<Broken />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not be loaded');
  });

  it('is loaded by preloadDeferredParts, unless it is only for some connections', async () => {
    const wanted = vi.fn(() => Promise.resolve(() => null));
    const notWanted = vi.fn(() => Promise.resolve(() => null));
    deferred(wanted);
    deferred(notWanted, { preload: false });
    await preloadDeferredParts();
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(notWanted).not.toHaveBeenCalled();
  });
});

describe('preloading once the first data has settled', () => {
  it('waits for the requests in flight, then loads the deferred parts', async () => {
    const load = vi.fn(() => Promise.resolve(() => null));
    deferred(load);
    const queryClient = new QueryClient();
    let answer: (rows: string[]) => void = () => {};
    void queryClient.prefetchQuery({
      queryKey: ['rows'],
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    preloadWhenFirstDataSettles(queryClient);
    // Well past the idle delay: nothing while the first rows are on their way.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(load).not.toHaveBeenCalled();
    answer(['a row']);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});

describe('the toasts’ live region', () => {
  it('is on the page before the first message, so that screen readers announce it', async () => {
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => void toast.success('Report deleted'));
    // The message lands in the region that was already there.
    expect(await within(region).findByText('Report deleted')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Dismiss message' })).toBeInTheDocument();
  });
});

describe('a part shown beside the first rows (later)', () => {
  it('asks for its code only once the first rows are on screen, showing its placeholder until then', async () => {
    // The gate opens once per page: a fresh copy of the module starts with it closed.
    vi.resetModules();
    const fresh = await import('../../src/components/deferred');
    const load = vi.fn(() => Promise.resolve(() => <p>The selection bar</p>));
    const Part = fresh.deferred(load, { later: true, placeholder: () => <p>Its placeholder</p> });
    render(<Part />);
    expect(screen.getByText('Its placeholder')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();

    act(() => fresh.showLaterParts());
    expect(await screen.findByText('The selection bar')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once where its code is already here (preloaded)', async () => {
    vi.resetModules();
    const fresh = await import('../../src/components/deferred');
    const Part = fresh.deferred(() => Promise.resolve(() => <p>The page jump</p>), { later: true });
    await Part.preload();
    render(<Part />);
    expect(screen.getByText('The page jump')).toBeInTheDocument();
  });
});
