import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The app path of the last row link followed from a list (one list is shown at a time). */
let opened: string | null = null;

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
 * - Back to a list (Back, or a page's "All reports" link), focus goes to the row that was opened
 *   instead of <main>, so keyboard users go on where they were.
 * - Paging removes the link that had focus (Next onto the last page): focus goes to where the
 *   page is said ("Page 30 of 30").
 * Focus that someone put somewhere real meanwhile is never taken away.
 */
export function useFocusKeeper(): void {
  const location = useLocation();
  useEffect(() => {
    const remember = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('main tbody a') : null;
      if (link) opened = link.getAttribute('href');
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  // Not on the first render: a fresh page keeps the skip link first in the tab order.
  const first = useRef(true);
  useEffect(() => {
    const main = document.getElementById('main');
    if (first.current || !main) {
      first.current = false;
      return;
    }
    const place = () => {
      if (opened !== null && (isLost() || document.activeElement === main)) {
        const back = [...main.querySelectorAll<HTMLElement>('tbody a')].find((a) => a.getAttribute('href') === opened);
        if (back) {
          opened = null;
          back.focus({ preventScroll: true });
          return;
        }
      }
      if (isLost()) main.querySelector<HTMLElement>('.pagination__status')?.focus();
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [location]);
}
