import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long after a navigation the new content may take to arrive (a slow service). */
const SETTLE_MS = 15_000;

const isLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * Focus never stays on <body> after moving in the app (issue 16), without adding to the first
 * paint (docs/decisions/0035): loaded with the shortcuts, it watches each navigation until the
 * new content is there.
 * - Back on a page seen before, such as a list (Back, or a page's "All projects" link), focus goes to the row that links to
 *   the page just left instead of <main>, so keyboard users go on where they were (after a
 *   report's previous / next, that is the report they ended on; after a delete, the report page
 *   focuses the row that took its place: features/report-page/list-origin.ts).
 * - Paging (the same page, another view) can remove the link that had focus (Next onto the last
 *   page): focus goes to where the page is said ("Page 30 of 30").
 * Focus that someone put somewhere real meanwhile is never taken away.
 */
export function useFocusKeeper(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Only a new location is a navigation: not the first render (a fresh page keeps the skip link
  // first in the tab order), nor React's second run of it in development (StrictMode), which
  // looked like paging and put focus, and the page, on "Page 1 of 30".
  const handledKey = useRef(location.key);
  const previousPath = useRef(location.pathname);
  const visited = useRef(new Set([location.pathname]));
  useEffect(() => {
    if (location.key === handledKey.current) return;
    handledKey.current = location.key;
    const left = previousPath.current;
    const paging = left === location.pathname;
    // Back on a page seen before (a list), not on to a new one (a report's next report). Back and
    // Forward always are: this mounts once the first data is on screen, and someone quick may have
    // opened a report from the list before it did.
    const returning = !paging && (navigationType === 'POP' || visited.current.has(location.pathname));
    previousPath.current = location.pathname;
    visited.current.add(location.pathname);
    const main = document.getElementById('main');
    if (!main) return;
    const place = () => {
      if (returning && (isLost() || document.activeElement === main)) {
        // Hrefs carry the base path (a build under /seo/), the router's pathname does not.
        const back = [...main.querySelectorAll<HTMLElement>('tbody a')].find((a) =>
          a.getAttribute('href')?.endsWith(left),
        );
        if (back) {
          back.focus({ preventScroll: true });
          return;
        }
      }
      if (paging && isLost()) main.querySelector<HTMLElement>('.pagination__status')?.focus();
    };
    place();
    // Looked at once the current task is over: a change made while focus moves (a box that
    // closes its list on blur, as Tab leaves it) comes while focus is on <body> for a moment,
    // and taking it then would send Tab's focus elsewhere (to the pagination, past every row).
    let later: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      if (later === undefined)
        later = setTimeout(() => {
          later = undefined;
          place();
        }, 0);
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
      clearTimeout(later);
    };
  }, [location, navigationType]);
}
