/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './scripts/vite-csp-plugin.ts';
import { manifestOutsideOutDir, precompress } from './scripts/vite-build-output.ts';
import {
  dropEmptyPreloads,
  dropReactRouterDisplayNames,
  entryExportsByLocalName,
  hoistTransitiveImports,
  productionAliases,
  productionTreeshake,
  smallPreloadHelper,
} from './scripts/vite-production.ts';

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
      smallPreloadHelper(),
      dropEmptyPreloads(),
      entryExportsByLocalName(),
      hoistTransitiveImports(),
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
      // No preload helper, no polyfill, no list of every chunk in the entry (-0.5 kB of the first
      // paint, more with each lazy chunk): the price is that a route's first visit fetches the
      // chunks its code shares with other routes after its own, not beside it (decision 27).
      modulePreload: false,
      rolldownOptions: {
        treeshake: productionTreeshake,
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
    test: ((nodeTests: string[]) => ({
      globals: true,
      setupFiles: ['./tests/helpers/setup.ts'],
      restoreMocks: true,
      testTimeout: 20_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'jsdom',
            environment: 'jsdom',
            include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
            exclude: nodeTests,
          },
        },
        { extends: true, test: { name: 'node', environment: 'node', include: nodeTests } },
      ],
    }))([
      'tests/unit/audit/aggregate.test.ts',
      'tests/unit/audit/report-writes.test.ts',
      'tests/unit/check-guide.test.ts',
      'tests/unit/checks.test.ts',
      'tests/unit/display-text.test.ts',
      'tests/unit/form-errors.test.ts',
      'tests/unit/format.test.ts',
      'tests/unit/project-list-params.test.ts',
      'tests/unit/query-client.test.ts',
      'tests/unit/report-changes.test.ts',
      'tests/unit/report-diff.test.ts',
      'tests/unit/report-list-params.test.ts',
      'tests/unit/request-failures.test.ts',
      'tests/unit/response-parsing.test.ts',
      'tests/unit/rewrite-leftovers.test.ts',
      'tests/unit/runs.test.ts',
      'tests/unit/safe-url.test.ts',
      'tests/unit/simulator/auth-and-protocol.test.ts',
      'tests/unit/simulator/faults.test.ts',
      'tests/unit/simulator/large-seed.test.ts',
      'tests/unit/simulator/msw-server.test.ts',
      'tests/unit/simulator/projects.test.ts',
      'tests/unit/simulator/reports-list.test.ts',
      'tests/unit/simulator/reports-mutations.test.ts',
      'tests/unit/simulator/scoring-and-urls.test.ts',
      'tests/unit/simulator/seed.test.ts',
      'tests/unit/simulator/simulated-fetch.test.ts',
      'tests/unit/url-list.test.ts',
    ]),
  };
});
