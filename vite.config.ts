/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// BASE_PATH lets one build live under a path prefix (e.g. /seo/); './' would break deep links.
// API_PROXY_TARGET makes the dev server forward /api to a real service that sends no CORS headers.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxyTarget = env.API_PROXY_TARGET;
  return {
    base: env.BASE_PATH || '/',
    plugins: [react()],
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
