/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nPlugins } from './scripts/i18n-vite-plugin.ts';
import { contentSecurityPolicy } from './scripts/vite-csp-plugin.ts';
import { manifestOutsideOutDir, precompress } from './scripts/vite-build-output.ts';
import { dropReactRouterDisplayNames, productionAliases, smallPreloadHelper } from './scripts/vite-production.ts';

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
      // Lingui's macros and catalogs, before the React plugin reads the code.
      ...i18nPlugins(),
      react(),
      dropReactRouterDisplayNames(),
      smallPreloadHelper(),
      contentSecurityPolicy(env.API_ORIGINS),
      manifestOutsideOutDir(),
      precompress(),
    ],
    resolve: {
      // Tests and the dev server keep react-router's development build and its warnings.
      alias: production ? productionAliases : [],
    },
    build: {
      // scripts/size.mjs follows the manifest's static imports to weigh the first paint; the
      // manifest is written next to the output directory, not deployed (scripts/build-manifest.mjs).
      manifest: true,
      // No list of every chunk's dependencies in the entry; the preload helper (smallPreloadHelper)
      // only loads a lazy chunk's stylesheets beside it. A route's first visit asks for the chunks
      // it shares with other routes once its own has arrived (docs/decisions/0046, 0054).
      modulePreload: false,
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
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
    // The files that touch no DOM, storage or page API run in Node: starting jsdom and the page's
    // setup costs about a second per file on a busy 2-core machine. A file that starts to need
    // one fails at once in Node, and moves to the jsdom project by leaving this list.
    test: {
      // A file that needs no page says so in its first line (`// @vitest-environment node`):
      // starting jsdom for it costs more than its tests.
      environment: 'jsdom',
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
      globals: true,
      setupFiles: ['./tests/helpers/setup.ts'],
      restoreMocks: true,
      testTimeout: 20_000,
      // Each test file imports React, the router and Testing Library anew: bundled once, they
      // load as one module each instead of hundreds.
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: [
              'react',
              'react/jsx-runtime',
              'react/jsx-dev-runtime',
              'react-dom',
              'react-dom/client',
              'react-router',
              '@tanstack/react-query',
              'react-hook-form',
              '@testing-library/react',
              '@testing-library/user-event',
              '@testing-library/jest-dom/vitest',
            ],
          },
        },
      },
      // One Yjs for the code and its providers: run by Node apart, they would load a second copy,
      // and Yjs's type checks fail across copies.
      server: { deps: { inline: ['y-indexeddb', '@hocuspocus/provider'] } },
    },
  };
});
