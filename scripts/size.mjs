// Size budget of the production build in dist/ (run `npm run build` first). Follows Vite's
// manifest (build.manifest) to weigh what the first paint of /reports loads: index.html's entry,
// its static imports, and the /reports route chunk with its static imports. Sizes are gzip -9.
// Exits non-zero when a budget fails. `import { measureSizes } from './size.mjs'` for the bench.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGETS_KB = { firstPaint: 110, allJs: 220, css: 15 };
/**
 * The first-paint budget of 110 kB is not met with the owner's stack: React DOM, the react-router
 * data router and TanStack Query alone are about 105 kB (see docs/decisions/0003). Until that is
 * decided, CI holds the line where it is, so it cannot grow unnoticed, and the gap stays printed.
 */
export const CEILINGS_KB = { firstPaint: 132 };

const ROUTE_OF_FIRST_PAINT = 'src/features/reports/pages/reports-page.tsx';
const DEMO_SIMULATOR = 'src/simulator/index.ts';

const gzipBytes = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => bytes / 1000;

/** Every file of the static import graph from the given manifest keys (JS and CSS). */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

export function measureSizes(dist = resolve(fileURLToPath(import.meta.url), '../../dist')) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('No index.html entry in the Vite manifest');

  const sum = (files, ext) =>
    files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipBytes(join(dist, file)), 0);
  const firstPaint = staticClosure(manifest, [entryKey, ROUTE_OF_FIRST_PAINT]);
  const demo = staticClosure(manifest, [entryKey, ROUTE_OF_FIRST_PAINT, DEMO_SIMULATOR]);
  const assets = readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`);

  return {
    firstPaintFiles: firstPaint.filter((file) => file.endsWith('.js')),
    rows: [
      {
        name: 'JS for the first paint of /reports (saved connection)',
        kb: kb(sum(firstPaint, '.js')),
        budget: BUDGETS_KB.firstPaint,
        ceiling: CEILINGS_KB.firstPaint,
      },
      { name: 'JS for the first paint of /reports (demo, + simulator)', kb: kb(sum(demo, '.js')), budget: undefined },
      { name: 'CSS for the first paint of /reports', kb: kb(sum(firstPaint, '.css')), budget: undefined },
      { name: 'All JavaScript', kb: kb(sum(assets, '.js')), budget: BUDGETS_KB.allJs },
      { name: 'All CSS', kb: kb(sum(assets, '.css')), budget: BUDGETS_KB.css },
    ],
  };
}

export function verdictOf({ kb: value, budget, ceiling }) {
  if (budget === undefined) return '(reported)';
  if (value <= budget) return 'PASS';
  return ceiling !== undefined && value <= ceiling ? 'OVER' : 'FAIL';
}

export function formatRow(row) {
  const { name, kb: value, budget, ceiling } = row;
  const figure = `${value.toFixed(1)} kB gzip`;
  const limits =
    budget === undefined
      ? ''
      : `  (budget ≤ ${budget} kB${ceiling === undefined ? '' : `, CI ceiling ≤ ${ceiling} kB`})`;
  return `${verdictOf(row).padEnd(10)} ${name.padEnd(56)} ${figure.padStart(14)}${limits}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, firstPaintFiles } = measureSizes();
  console.log('Size budget (gzip -9 of dist/):');
  for (const row of rows) console.log(formatRow(row));
  console.log(`First-paint chunks: ${firstPaintFiles.map((file) => file.replace(/^assets\//, '')).join(', ')}`);
  const over = rows.filter((row) => verdictOf(row) === 'OVER');
  if (over.length > 0)
    console.log(`${over.length} budget(s) over target but under the CI ceiling: see docs/decisions/0003.`);
  const failed = rows.filter((row) => verdictOf(row) === 'FAIL');
  if (failed.length > 0) {
    console.error(`${failed.length} size budget(s) exceeded.`);
    process.exit(1);
  }
}
