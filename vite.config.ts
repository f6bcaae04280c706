/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './scripts/vite-csp-plugin';

/**
 * react-router's package exports always resolve to its development build, which keeps its dev
 * warnings (ENABLE_DEV_WARNINGS = true). The production build ships next to it: use it.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * react-router assigns `X.displayName = "X"` at module level, a side effect that keeps every
 * component it names (Form, ScrollRestoration, HistoryRouter...) in the bundle even when unused.
 * Names only serve React DevTools; dropping them lets the unused components be tree-shaken.
 */
function dropReactRouterDisplayNames(): Plugin {
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

/**
 * `/` and most visits land on /reports: preload its lazy route chunk and the chunks it imports
 * with the entry, instead of discovering them only once the entry has run (one round trip less
 * before the list paints). Other routes pay the few kB of the list code, which they mostly share.
 */
function preloadLandingRoute(src: string): Plugin {
  let base = '/';
  return {
    name: 'preload-landing-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(src));
        if (!route) throw new Error(`No chunk for ${src}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        visit(route.fileName);
        return [...files]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// BASE_PATH lets one build live under a path prefix (e.g. /seo/); './' would break deep links.
// API_PROXY_TARGET makes the dev server forward /api to a real service that sends no CORS headers.
// API_ORIGINS (build) lists the service origins the built page's CSP lets it call.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxyTarget = env.API_PROXY_TARGET;
  const production = mode === 'production';
  return {
    base: env.BASE_PATH || '/',
    plugins: [
      react(),
      dropReactRouterDisplayNames(),
      preloadLandingRoute('src/features/reports/pages/reports-page.tsx'),
      contentSecurityPolicy(env.API_ORIGINS),
    ],
    resolve: {
      alias: production
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
    },
    build: {
      // scripts/size.mjs follows the manifest's static imports to weigh the first paint.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // React's factories are pure; rolldown cannot know it, and keeps whatever they make.
          manualPureFunctions: ['React.createContext', 'React.forwardRef', 'React.memo', 'React.lazy'],
        },
      },
    },
    server: {
      proxy: proxyTarget
        ? { '/api': { target: proxyTarget, changeOrigin: true, secure: env.API_PROXY_INSECURE !== '1' } }
        : undefined,
    },
    preview: {
      proxy: proxyTarget ? { '/api': { target: proxyTarget, changeOrigin: true } } : undefined,
    },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./tests/helpers/setup.ts'],
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      testTimeout: 20_000,
    },
  };
});
