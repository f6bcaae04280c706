import type { QueryClient } from '@tanstack/react-query';
import { loadFailureWords } from '../api/request';
import { shareRequestBudget } from '../api/transport';
import { preloadDeferredParts } from '../components/deferred';
import { whenIdle } from '../lib/when-idle';

/** A service that has not answered by then does not hold back what waits for the first data. */
const LONGEST_WAIT_MS = 3000;
const AT_MOST_A_FRAME_MS = 500;

/**
 * Runs `run` once the first data is on screen: no request in flight any more, and the frame
 * that shows the data painted; or after LONGEST_WAIT_MS, whichever comes first. What is not
 * needed for the first rows loads then, so that it does not weigh on the first paint.
 */
export function whenFirstDataSettles(queryClient: QueryClient, run: () => void): void {
  let ran = false;
  const runOnce = () => {
    if (!ran) run();
    ran = true;
  };
  setTimeout(runOnce, LONGEST_WAIT_MS);
  // Looked at from the next task on: the route's loader has started the page's queries by then
  // (a query is added to the cache before it starts fetching, which would look like "settled").
  // A page without a request (settings) has settled once it is shown.
  setTimeout(() => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      // The cache hears of the data before React shows it: wait for the frame that paints it,
      // or half a second where no frame comes (a tab in the background).
      requestAnimationFrame(() => setTimeout(runOnce));
      setTimeout(runOnce, AT_MOST_A_FRAME_MS);
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    check();
  }, 0);
}

/**
 * Once the first data is on screen, idle moments load the code of what is rarely shown (errors,
 * banners, toasts: components/deferred), one file at a time, so that it is here when the
 * network is not.
 */
export function preloadWhenFirstDataSettles(queryClient: QueryClient): void {
  whenFirstDataSettles(queryClient, () => {
    // At once: another tab's jobs may already be spending the budget this tab shares. Its code
    // out of reach (the connection lost as the first rows came): again once back online.
    const share = (): void =>
      void shareRequestBudget().catch(() => window.addEventListener('online', share, { once: true }));
    share();
    // A failure's words first: the first failure may be a lost connection.
    whenIdle(() => void loadFailureWords());
    void preloadDeferredParts(whenIdle);
  });
}
