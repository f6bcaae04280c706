import { Component, type ComponentType, type ReactNode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstDataSignal, FirstDataContext } from '../../src/components/first-data';
import { Later, lazyPart } from '../../src/components/lazy-part';
import { Toaster, toast } from '../../src/components/toast';

/**
 * Parts loaded apart from the first paint (errors, banners, toasts, the filters): they must
 * still show, keep their place while their code comes, say something when it is out of reach,
 * and be announced.
 */
const notLoaded = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/part.js'));

/**
 * React reports an error its boundary caught on the console: here it is expected, and said so.
 * Returns the console's spy, to check that what was logged is the part's failure to load.
 */
function expectLoadFailuresLogged() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}
const loggedLoadFailure = (logged: ReturnType<typeof expectLoadFailuresLogged>) =>
  logged.mock.calls.some((args) =>
    args.some((arg) => arg instanceof Error && arg.message === 'This part could not be loaded.'),
  );

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

  it('shows its own fallback, given a way to try again, when it has better words', async () => {
    const logged = expectLoadFailuresLogged();
    const Broken = lazyPart<object>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      {
        fallback: ({ retry }) => (
          <p role="alert">
            Offline <button onClick={retry}>Again</button>
          </p>
        ),
      },
    );
    render(<Broken />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Offline');
    expect(screen.getByRole('button', { name: 'Again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
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

describe('a lazy part whose code cannot be loaded', () => {
  it('says so in its place, with Try again, and the rest of the page goes on; Try again loads it', async () => {
    const logged = expectLoadFailuresLogged();
    const load = vi
      .fn<() => Promise<ComponentType<{ name: string }>>>()
      .mockImplementationOnce(notLoaded)
      .mockImplementation(() => Promise.resolve(({ name }) => <p>Hello {name}</p>));
    const Greeting = lazyPart(load);
    render(
      <main>
        <h1>The page</h1>
        <Greeting name="Ada" />
        <p>What follows it</p>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This part could not be loaded.');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.getByText('What follows it')).toBeInTheDocument();
    expect(loggedLoadFailure(logged)).toBe(true);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('What follows it')).toBeInTheDocument();
  });

  it('lets a defect in the part itself go on to the route’s error page, not called a missing file', async () => {
    expectLoadFailuresLogged();
    const Faulty = lazyPart<object>(() =>
      Promise.resolve(() => {
        throw new Error('a defect');
      }),
    );
    render(
      <RouteBoundary>
        <Faulty />
      </RouteBoundary>,
    );
    expect(await screen.findByText('The route’s error page: a defect')).toBeInTheDocument();
    expect(screen.queryByText('This part could not be loaded.')).not.toBeInTheDocument();
  });
});

class RouteBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>The route’s error page: {this.state.error.message}</p> : this.props.children;
  }
}

describe('when a part comes', () => {
  it('after the first data: its place until the first data is on screen, then the part', async () => {
    let shown = () => {};
    const signal = firstDataSignal(new Promise<void>((resolve) => (shown = resolve)));
    const load = vi.fn(() => Promise.resolve(() => <p>The filters</p>));
    const Filters = lazyPart(load, { when: 'after-first-data', placeholder: () => <p>Their place</p> });
    render(
      <FirstDataContext value={signal}>
        <Filters />
      </FirstDataContext>,
    );
    expect(screen.getByText('Their place')).toBeInTheDocument();
    // Its code is not asked for before then: it would compete with the first rows.
    expect(load).not.toHaveBeenCalled();
    await act(async () => shown());
    expect(await screen.findByText('The filters')).toBeInTheDocument();
  });

  it('in an idle moment after the first data', async () => {
    let shown = () => {};
    const signal = firstDataSignal(new Promise<void>((resolve) => (shown = resolve)));
    const Views = lazyPart(() => Promise.resolve(() => <p>Saved views</p>), {
      when: 'idle-after-first-data',
      placeholder: () => <p>Views’ place</p>,
    });
    const Count = lazyPart(() => Promise.resolve(() => <p>New items</p>), { when: 'idle-after-first-data' });
    render(
      <FirstDataContext value={signal}>
        <Views />
        <Count />
      </FirstDataContext>,
    );
    expect(screen.getByText('Views’ place')).toBeInTheDocument();
    await act(async () => shown());
    expect(await screen.findByText('Saved views')).toBeInTheDocument();
    expect(screen.getByText('New items')).toBeInTheDocument();
  });

  it('after the first paint, for code already in: in a second pass', async () => {
    render(
      <>
        <p>The findings</p>
        <Later when="after-paint">
          <p>Passed checks</p>
        </Later>
      </>,
    );
    expect(await screen.findByText('Passed checks')).toBeInTheDocument();
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
