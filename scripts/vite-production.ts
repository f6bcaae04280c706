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
