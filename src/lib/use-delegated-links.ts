import { useCallback, type MouseEvent } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';

/**
 * Plain `<a href>` links to the app's own routes, followed inside the app by one click handler
 * on their container. A router `<Link>` per cell subscribes to the router and renders again on
 * every navigation: at 100 rows, 200 of them were most of the time a sort or a page change took
 * (docs/decisions/0015). The handler behaves as `<Link>` does: modified clicks (ctrl, cmd,
 * shift, alt), other buttons, `target` and `download` links are left to the browser, and the
 * deployment's prefix (e.g. /seo/) is in every `href` and out of every navigation.
 *
 * `hrefOf` changes only with the prefix, so memoised rows that take it stay memoised; put
 * `onClick` on an element above them (it changes with every navigation). `stateOf` gives the
 * history state a followed link carries, as `<Link state>` does (keep it stable: useCallback).
 */
export function useDelegatedLinks(stateOf?: (link: HTMLAnchorElement) => unknown) {
  const navigate = useNavigate();
  const location = useLocation();
  const root = useHref('/');
  const prefix = root.endsWith('/') ? root.slice(0, -1) : root;

  /** The `href` of an app path (as `<Link to>` takes it). */
  const hrefOf = useCallback((path: string) => `${prefix}${path}`, [prefix]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      if (link.origin !== window.location.origin) return;
      const { pathname, search, hash } = link;
      if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return;
      event.preventDefault();
      const to = `${pathname.slice(prefix.length) || '/'}${search}${hash}`;
      // As <Link>: following a link to where one already is does not add a history entry.
      navigate(to, {
        replace: to === `${location.pathname}${location.search}${location.hash}`,
        state: stateOf?.(link),
      });
    },
    [navigate, prefix, location, stateOf],
  );

  return { hrefOf, onClick };
}
