import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Back (or forward) to a page returns to where one was on it; any other navigation starts at
 * the top, or at the element a #hash names. Positions are kept per history entry (react-router's
 * location key) and survive a reload in sessionStorage. It does what react-router's
 * <ScrollRestoration> did for this app in a few lines, and ~1 kB gzip less in the first paint
 * (docs/decisions/0027-first-paint-within-the-goal.md).
 */
const STORAGE_KEY = 'seo-dashboard.scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const positions = readSaved();
/** The history entry on screen: scroll events are its position. */
let shownKey: string | undefined;

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    // The browser would restore before the page's content is back, then lose it: we do it.
    history.scrollRestoration = 'manual';
    // Recorded as it happens, while the page is still the one scrolled: read at navigation
    // time, the position may already be clamped to the next page's (shorter) height.
    const onScroll = () => {
      if (shownKey !== undefined) positions[shownKey] = window.scrollY;
    };
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or disabled: a reload starts at the top.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // A layout effect: the new page is in the DOM, not yet painted.
  useLayoutEffect(() => {
    shownKey = location.key;
    const saved = positions[location.key];
    if (navigationType === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: start at the top.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
