import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { watchFirstNavigation, whenFirstDataSettles } from '../../src/app/preload-when-settled';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that fulfils it. */
function later<T>() {
  let fulfil!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    fulfil = resolve;
  });
  return { promise, fulfil };
}

describe('whenFirstDataSettles', () => {
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
    watchFirstNavigation(router);
    const run = vi.fn();
    whenFirstDataSettles(queryClient, run);

    // Longer than a frame and than the wait for one: no request yet is not "settled".
    await pause(700);
    expect(run).not.toHaveBeenCalled();
    code.fulfil();
    await pause(700);
    expect(run).not.toHaveBeenCalled();
    answer.fulfil('rows');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    router.dispose();
  });

  it('runs once a page without a request is shown', async () => {
    const queryClient = new QueryClient();
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    watchFirstNavigation(router);
    const run = vi.fn();
    whenFirstDataSettles(queryClient, run);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    router.dispose();
  });
});
