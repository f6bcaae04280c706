import { useEffect, useRef, type RefObject } from 'react';

/** The app path of the last row link followed from a list (one list is open at a time). */
let opened: string | null = null;

/**
 * Back to a list (Back, or the page's "All reports" link), focus goes to the row that was opened,
 * not to <main>: keyboard users go on where they were. Only when the list first shows its rows,
 * and only if focus is nowhere better (<body>, or <main> where a route change puts it).
 * `rows` is what the rows render from (they may arrive after the list mounts).
 */
export function useReturnFocus(container: RefObject<HTMLElement | null>, rows: unknown): void {
  const done = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const remember = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link && element.contains(link)) opened = link.getAttribute('href');
    };
    element.addEventListener('click', remember, true);
    return () => element.removeEventListener('click', remember, true);
  }, [container]);
  useEffect(() => {
    const element = container.current;
    if (done.current || !element || !element.querySelector('tbody a')) return;
    done.current = true;
    const active = document.activeElement;
    if (opened === null || (active && active !== document.body && active.id !== 'main')) return;
    const link = [...element.querySelectorAll('tbody a')].find((a) => a.getAttribute('href') === opened);
    if (link instanceof HTMLElement) link.focus({ preventScroll: true });
  }, [container, rows]);
}
