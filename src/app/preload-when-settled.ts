import type { QueryClient } from '@tanstack/react-query';
import { loadFailureWords } from '../api/request';
import { preloadDeferredParts } from '../components/deferred';

/**
 * Runs `run` once the first data is on screen: no request in flight any more, and the frame
 * that shows the data painted. What is not needed
 * for the first rows loads then, so that it does not weigh on the first paint.
 */
export function whenFirstDataSettles(queryClient: QueryClient, run: () => void): void {
  // Looked at from the next task on: the route's loader has started the page's queries by then
  // (a query is added to the cache before it starts fetching, which would look like "settled").
  // A page without a request (settings) has settled once it is shown.
  setTimeout(() => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      // The cache hears of the data before React shows it: wait for the frame that paints it.
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
      else setTimeout(run, 0);
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    check();
  }, 0);
}

/**
 * Once the first data is on screen, the next idle moment loads the code of what is rarely shown
 * (errors, banners, toasts: components/deferred), so that it is here when the network is not.
 */
export function preloadWhenFirstDataSettles(queryClient: QueryClient): void {
  whenFirstDataSettles(queryClient, () => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    whenIdle(() => {
      void preloadDeferredParts();
      // A failure's words too: the first failure may be a lost connection.
      void loadFailureWords();
    });
  });
}
