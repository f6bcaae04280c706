// Runs a TypeScript module that imports the app's code (src/), in Node, through Vite's own module
// runner with the project's config: Lingui's macros and .po catalogs, import.meta.glob and the
// rest of the build's transforms apply as they do in the browser and the tests. tsx alone cannot:
// a module of the app that says something (`t` of @lingui/core/macro) fails to load under it.
//   node scripts/run-app-module.mjs scripts/bench/bulk-run.ts
import { resolve } from 'node:path';
import { createServer, createServerModuleRunner } from 'vite';

const [entry] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-app-module.mjs <module.ts>');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const server = await createServer({
  root,
  configFile: resolve(root, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  await runner.import(resolve(root, entry));
} finally {
  await runner.close();
  await server.close();
}
