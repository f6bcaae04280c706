import type { QueryClient } from '@tanstack/react-query';
import { preloadDeferredParts } from '../components/deferred';

/**
 * Once the first data is on screen (no request in flight any more), the next idle moment loads
 * the code of what is rarely shown (errors, banners, toasts: components/deferred), so that it is
 * here when the network is not, without weighing on the first paint.
 */
export function preloadWhenFirstDataSettles(queryClient: QueryClient): void {
  let done = false;
  const check = () => {
    if (done || queryClient.isFetching() > 0) return;
    done = true;
    stop();
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    whenIdle(() => void preloadDeferredParts());
  };
  const stop = queryClient.getQueryCache().subscribe(check);
  // A page without a request (settings) has settled once it is shown.
  setTimeout(check, 0);
}
