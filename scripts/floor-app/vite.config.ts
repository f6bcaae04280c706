import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dropReactRouterDisplayNames, productionAliases } from '../vite-production.ts';

/** The floor app's build: the same plugins and aliases as the dashboard's. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), dropReactRouterDisplayNames()],
  resolve: { alias: productionAliases },
  build: {
    manifest: true,
  },
});
