import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import * as v from 'valibot';
import { useFocusOnNavigation } from './use-focus-on-navigation';

/**
 * Back (or forward) to a page returns to where one was on it; any other navigation starts at
 * the top, or at the element a #hash names. Positions are kept per history entry (react-router's
 * location key) and survive a reload in sessionStorage. It does what react-router's
 * <ScrollRestoration> did for this app, in a few lines of its own that load once the first data
 * is on screen rather than in the first paint.
 */
const STORAGE_KEY = 'seo-dashboard.scroll-positions';

/** Positions by history entry, each read on its own: one that is not a number is left out. */
const PositionsSchema = v.fallback(
  v.pipe(
    v.looseObject({}),
    v.transform((stored) =>
      Object.fromEntries(
        Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      ),
    ),
  ),
  () => ({}),
);

function readSaved(): Record<string, number> {
  try {
    return v.parse(PositionsSchema, JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}'));
  } catch {
    return {};
  }
}

const positions = readSaved();
/** The history entry on screen: scroll events are its position. */
let shownKey: string | undefined;

/**
 * Where the page is after a navigation: its scroll position, and focus on <main> when the
 * followed link is gone. Renders nothing: the layout mounts it once the first data is on screen,
 * and its code loads then (nothing of it is needed for the first rows).
 */
export function NavigationKeeper({ main }: { main: RefObject<HTMLElement | null> }): null {
  useScrollRestoration();
  useFocusOnNavigation(main);
  return null;
}

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

  // Mounted once the first rows are on screen (the layout's app extras), possibly after the person
  // has scrolled: the page it finds is left where it is, except that a reload (or coming back to
  // this page from another site) returns to where it was if nothing has moved it yet.
  const mounted = useRef(false);
  // A layout effect: the new page is in the DOM, not yet painted.
  useLayoutEffect(() => {
    shownKey = location.key;
    const saved = positions[location.key];
    if (!mounted.current) {
      mounted.current = true;
      const loaded = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
      const returning = loaded?.type === 'reload' || loaded?.type === 'back_forward';
      if (returning && typeof saved === 'number' && window.scrollY === 0) window.scrollTo(0, saved);
      return;
    }
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
