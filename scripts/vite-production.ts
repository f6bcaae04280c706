import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

/**
 * What a production build of this stack needs beyond Vite's defaults, shared by the app
 * (vite.config.ts) and the floor app that `npm run size` weighs it against
 * (scripts/floor-app/), so that the two are built the same way.
 */

/**
 * react-router's package exports always resolve to its development build, which keeps its dev
 * warnings (ENABLE_DEV_WARNINGS = true). The production build ships next to it: use it.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export const productionAliases: Alias[] = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

/**
 * react-router assigns `X.displayName = "X"` at module level, a side effect that keeps every
 * component it names (Form, ScrollRestoration, HistoryRouter...) in the bundle even when unused.
 * Names only serve React DevTools; dropping them lets the unused components be tree-shaken.
 */
export function dropReactRouterDisplayNames(): Plugin {
  return {
    name: 'drop-react-router-display-names',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-/ },
      handler(code) {
        return { code: code.replace(/^\s*[\w$]+\.displayName = "[^"\n]*";$/gm, ''), map: null };
      },
    },
  };
}

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite wraps each `import()` of a chunk that has CSS in `__vitePreload(load, deps)`, a helper
 * that also serves module preloading, CSP nonces, relative bases and a `vite:preloadError`
 * event, and it sits in the entry (vitejs/vite#18551). This app uses none of them
 * (`modulePreload: false`, an absolute base, no nonce, no listener). This one does what is left:
 * put each chunk's stylesheets in the page once and load the chunk beside them (not after: that
 * cost a round trip on every route's first visit), resolving once both are in; a stylesheet that
 * fails rejects the import, as Vite's does (decision 0046).
 */
export function smallPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      if (!base.startsWith('/')) throw new Error(`smallPreloadHelper needs an absolute base, not ${base}`);
    },
    resolveId: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: (id) => id,
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(id) {
        if (id !== PRELOAD_HELPER_ID) return null;
        return `const styles = {};
const loadStyle = (href) =>
  (styles[href] ??= document.querySelector('link[href="' + href + '"]')
    ? Promise.resolve()
    : new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = resolve;
        link.onerror = () => {
          delete styles[href];
          link.remove();
          reject(new Error('Unable to load ' + href));
        };
        document.head.append(link);
      }));
export const __vitePreload = (load, deps) =>
  Promise.all([load(), ...(deps || []).filter((dep) => dep.endsWith('.css')).map((dep) => loadStyle(${JSON.stringify(base)} + dep))]).then((loaded) => loaded[0]);
`;
      },
    },
  };
}
