import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter, RouterState } from 'react-router';
import { firstDataSignal, type FirstData } from '../components/first-data';

/** A service that has not answered by then does not hold back what waits for the first data. */
const LONGEST_WAIT_MS = 3000;
const AT_MOST_A_FRAME_MS = 500;

/** Resolves once the router's first navigation is done: its loaders ran and the route's code is in. */
function firstNavigationDone(router: DataRouter): Promise<void> {
  const routed = ({ initialized, navigation }: RouterState) => initialized && navigation.state === 'idle';
  return new Promise((resolve) => {
    if (routed(router.state)) return resolve();
    const stop = router.subscribe((state) => {
      if (!routed(state)) return;
      stop();
      resolve();
    });
  });
}

/** Resolves once no request is in flight and the frame that shows their data is painted. */
function requestsSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      // The cache hears of the data before React shows it: wait for the frame that paints it,
      // or half a second where no frame comes (a tab in the background).
      requestAnimationFrame(() => setTimeout(resolve));
      setTimeout(resolve, AT_MOST_A_FRAME_MS);
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/**
 * The one "first data is on screen" signal of a page load (docs/decisions/0052): the router's
 * first navigation done and the words of the language the page starts in loaded, then no request
 * in flight and the frame that shows the data painted; or LONGEST_WAIT_MS, whichever comes first.
 * Created once, beside the router (main.tsx); what is not needed for the first rows waits for it,
 * so that it does not compete with them.
 *
 * The navigation comes first: a route whose loader loads code first starts the page's request
 * only then, and until then "no request in flight" looked settled. So do the words (`startWords`,
 * null in English): in another language the rows wait for them (lib/i18n/language-ready.tsx) even
 * when the data is in, and the later parts, each with its own words, must not come before them.
 */
export function firstDataOnScreen(
  queryClient: QueryClient,
  router: DataRouter,
  startWords: Promise<void> | null = null,
): FirstData {
  const settled = Promise.all([firstNavigationDone(router), startWords]).then(() => requestsSettled(queryClient));
  const longestWait = new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS));
  return firstDataSignal(Promise.race([settled, longestWait]));
}
