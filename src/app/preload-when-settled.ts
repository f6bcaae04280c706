import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter, RouterState } from 'react-router';
import { loadFailureWords } from '../api/request';
import { shareRequestBudget } from '../api/transport';
import { preloadDeferredParts } from '../components/deferred';
import { whenIdle } from '../lib/when-idle';

/** A service that has not answered by then does not hold back what waits for the first data. */
const LONGEST_WAIT_MS = 3000;
const AT_MOST_A_FRAME_MS = 500;

/** Resolved once the router's first navigation is done; at once where no router was handed over. */
let firstNavigationDone: Promise<void> = Promise.resolve();

/**
 * Makes whenFirstDataSettles wait for the router's first navigation too: its loaders and the
 * route's code. A route whose loader loads code first starts the page's request only then, and
 * until then "no request in flight" looked settled: the later parts came before the page's data
 * and slowed its request (a /projects LCP of up to 2.9 s in Lighthouse, decision 0027). main.tsx
 * calls it as it creates the router, in the same task as the first whenFirstDataSettles
 * (syncConnection's), which reads it only from the next task on.
 */
export function watchFirstNavigation(router: DataRouter): void {
  const routed = ({ initialized, navigation }: RouterState) => initialized && navigation.state === 'idle';
  firstNavigationDone = new Promise((resolve) => {
    if (routed(router.state)) return resolve();
    const stop = router.subscribe((state) => {
      if (!routed(state)) return;
      stop();
      resolve();
    });
  });
}

/**
 * Runs `run` once the first data is on screen: the first navigation done (watchFirstNavigation),
 * no request in flight any more, and the frame that shows the data painted; or after
 * LONGEST_WAIT_MS, whichever comes first. What is not needed for the first rows loads then, so
 * that it does not weigh on the first paint.
 */
export function whenFirstDataSettles(queryClient: QueryClient, run: () => void): void {
  let ran = false;
  const runOnce = () => {
    if (!ran) run();
    ran = true;
  };
  setTimeout(runOnce, LONGEST_WAIT_MS);
  const watchRequests = () => {
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
  };
  // Looked at once the first route is in, whose loader has started the page's requests (a page
  // without one, settings, has settled once it is shown); and from the next task on, when
  // main.tsx has handed over the router.
  setTimeout(() => void firstNavigationDone.then(watchRequests));
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
