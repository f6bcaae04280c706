import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a route change the element that had focus (the link just followed, a dialog's button) is
 * usually gone, and the browser drops focus to <body>: the next Tab starts again from the top of
 * the page, and a screen reader says nothing. Moving focus to <main> puts keyboard users where the
 * new content starts. Only the path counts (a list's filters change the query while someone types
 * in them), the first render is left alone (the skip link must stay first), and focus that is
 * still somewhere real, such as a nav link clicked in the header, is not taken away.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}
