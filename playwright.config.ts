import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * End-to-end journeys in Debian's Chromium against the production build, served on one origin,
 * and the simulated service served over real HTTP on another (so CORS and headers are real).
 */
// E2E_PORT_OFFSET moves every port, so that two runs on one machine do not collide.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PORTS = {
  simulator: 8787 + offset,
  app: 4173 + offset,
  prefixedApp: 4174 + offset,
  nginx: 8090 + offset,
  nginxProxy: 8091 + offset,
};
export const SIMULATOR_URL = `http://127.0.0.1:${PORTS.simulator}`;
export const APP_URL = `http://127.0.0.1:${PORTS.app}`;
export const PREFIXED_APP_URL = `http://127.0.0.1:${PORTS.prefixedApp}/seo/`;
export const NGINX_URL = `http://127.0.0.1:${PORTS.nginx}`;
export const NGINX_PROXY_URL = `http://127.0.0.1:${PORTS.nginxProxy}`;
export const E2E_KEY = 'e2e-key';
// E2E_DIST names the build the journeys serve (default dist, and dist-seo for the prefixed one):
// a second run on one machine builds into its own folder.
const DIST = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  // The journeys share one simulated service and reset it before each test: one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'npm run simulator',
      url: `${SIMULATOR_URL}/__simulator/stats`,
      env: { PORT: String(PORTS.simulator), SIM_KEYS: E2E_KEY, SIM_ANALYSIS_DELAY_MS: '800' },
      reuseExistingServer: false,
    },
    {
      command: `npx vite preview --port ${PORTS.app} --strictPort --host 127.0.0.1 --outDir ${DIST}`,
      url: APP_URL,
      reuseExistingServer: false,
    },
    {
      command: `npx vite preview --port ${PORTS.prefixedApp} --strictPort --host 127.0.0.1 --outDir ${DIST}-seo`,
      url: PREFIXED_APP_URL,
      env: { BASE_PATH: '/seo/' },
      reuseExistingServer: false,
    },
    {
      command: 'node tests/e2e/start-nginx.mjs',
      url: `${NGINX_URL}/`,
      env: {
        NGINX_PORT: String(PORTS.nginx),
        NGINX_PROXY_PORT: String(PORTS.nginxProxy),
        SIMULATOR_URL,
        NGINX_ROOT: DIST,
      },
      reuseExistingServer: false,
    },
  ],
});
