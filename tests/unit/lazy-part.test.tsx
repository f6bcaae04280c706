import type { ComponentType } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { lazyPart } from '../../src/components/lazy-part';
import { Toaster, toast } from '../../src/components/toast';

/**
 * Parts loaded apart from the first paint (errors, banners, toasts, the filters): they must
 * still show, keep their place while their code comes, say something when it is out of reach,
 * and be announced.
 */
describe('a lazy part', () => {
  it('renders once its code has arrived, with its props', async () => {
    const Greeting = lazyPart(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    render(<Greeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('shows its placeholder, with the same props, while its code is on the way', async () => {
    type Props = { name: string };
    let arrive: (component: ComponentType<Props>) => void = () => {};
    const Greeting = lazyPart<Props>(() => new Promise((resolve) => (arrive = resolve)), {
      placeholder: ({ name }) => <p>Waiting for {name}</p>,
    });
    render(<Greeting name="Ada" />);
    expect(screen.getByText('Waiting for Ada')).toBeInTheDocument();
    await act(async () => arrive(({ name }) => <p>Hello {name}</p>));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for Ada')).not.toBeInTheDocument();
  });

  it('shows its fallback when its code cannot be loaded (offline, or a newer deployment)', async () => {
    const Broken = lazyPart<object>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      {
        fallback: () => <p role="alert">Could not be loaded</p>,
      },
    );
    render(<Broken />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not be loaded');
  });

  it('loads its code once, whether preloaded or rendered', async () => {
    const load = vi.fn(() => Promise.resolve(() => <p>The page jump</p>));
    const Part = lazyPart(load);
    await Part.preload();
    render(<Part />);
    // Already here: on screen in the first render, with no placeholder's frame.
    expect(screen.getByText('The page jump')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
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
