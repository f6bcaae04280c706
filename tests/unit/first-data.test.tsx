import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { firstDataOnScreen } from '../../src/app/first-data';
import { FirstDataContext, firstDataSignal, useFirstDataShown } from '../../src/components/first-data';

/** A promise and the function that fulfils it. */
function later<T>() {
  let fulfil!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    fulfil = resolve;
  });
  return { promise, fulfil };
}

/** Whether `signal` has fired after `ms` more of (fake) time. */
async function firedAfter(signal: { whenShown: Promise<void> }, ms: number) {
  let fired = false;
  void signal.whenShown.then(() => (fired = true));
  await vi.advanceTimersByTimeAsync(ms);
  return fired;
}

describe('the first data on screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for the first route's loader to start the page's request, then for its answer", async () => {
    const queryClient = new QueryClient();
    const code = later<void>();
    const answer = later<string>();
    // As a lazy route's loader does: its code first, then the page's request (not awaited).
    const router = createMemoryRouter([
      {
        path: '/',
        loader: async () => {
          await code.promise;
          void queryClient.prefetchQuery({ queryKey: ['page'], queryFn: () => answer.promise });
          return null;
        },
        Component: () => null,
      },
    ]);
    const signal = firstDataOnScreen(queryClient, router);

    // Longer than a frame and than the wait for one: no request yet is not "settled".
    expect(await firedAfter(signal, 700)).toBe(false);
    code.fulfil();
    expect(await firedAfter(signal, 700)).toBe(false);
    expect(signal.shown).toBe(false);
    answer.fulfil('rows');
    expect(await firedAfter(signal, 600)).toBe(true);
    expect(signal.shown).toBe(true);
    router.dispose();
  });

  it('waits for the words of the language the page starts in: the rows wait for them too', async () => {
    const queryClient = new QueryClient();
    const words = later<void>();
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    const signal = firstDataOnScreen(queryClient, router, words.promise);
    // No request in flight, the German words not in: the rows are not on screen.
    expect(await firedAfter(signal, 700)).toBe(false);
    words.fulfil();
    expect(await firedAfter(signal, 600)).toBe(true);
    router.dispose();
  });

  it('fires once a page without a request is shown', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    const signal = firstDataOnScreen(new QueryClient(), router);
    expect(await firedAfter(signal, 600)).toBe(true);
    router.dispose();
  });

  it('fires after three seconds at the latest, when the service never answers', async () => {
    const queryClient = new QueryClient();
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          void queryClient.prefetchQuery({ queryKey: ['page'], queryFn: () => new Promise(() => {}) });
          return null;
        },
        Component: () => null,
      },
    ]);
    const signal = firstDataOnScreen(queryClient, router);
    expect(await firedAfter(signal, 2900)).toBe(false);
    expect(await firedAfter(signal, 200)).toBe(true);
    router.dispose();
  });
});

describe('a part that waits for the first data', () => {
  function Filters() {
    return useFirstDataShown() ? <p>The filters</p> : <p>Their place</p>;
  }

  it('shows its place until the signal fires, then itself', async () => {
    const first = later<void>();
    render(
      <FirstDataContext value={firstDataSignal(first.promise)}>
        <Filters />
      </FirstDataContext>,
    );
    expect(screen.getByText('Their place')).toBeInTheDocument();
    await act(async () => first.fulfil());
    expect(screen.getByText('The filters')).toBeInTheDocument();
  });

  it('mounted after the signal fired, shows itself in its first render', async () => {
    const signal = firstDataSignal(Promise.resolve());
    await signal.whenShown;
    const seen: string[] = [];
    function Recorder() {
      seen.push(useFirstDataShown() ? 'shown' : 'place');
      return null;
    }
    render(
      <FirstDataContext value={signal}>
        <Recorder />
      </FirstDataContext>,
    );
    expect(seen).toEqual(['shown']);
  });
});
