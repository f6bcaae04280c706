import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dropReactRouterDisplayNames, productionAliases, productionTreeshake } from '../vite-production.ts';

/** The floor app's build: the same plugins, aliases and tree-shaking as the dashboard's. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), dropReactRouterDisplayNames()],
  resolve: { alias: productionAliases },
  build: {
    manifest: true,
    rolldownOptions: { treeshake: productionTreeshake },
  },
});
