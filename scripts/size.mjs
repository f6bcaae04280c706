// `npm run size` (run `npm run build` first): the bytes of the production build in dist/.
// The first paint of /reports is weighed against the FLOOR of the stack: a minimal app on the same
// packages and APIs (scripts/floor-app/), built here, now, with the same Vite, versions, aliases
// and tree-shaking. The difference is what the dashboard itself adds. Sizes are gzip -9.
// Exits non-zero when a CI limit fails.
//
// First paint = every JavaScript file a browser loads, with an empty cache and a saved connection
// (not the demo), before the first rows of /reports are on screen: index.html's entry, its static
// imports, and the /reports route's own chunk if it has one (it loads in parallel with the list
// request). Found by following the Vite manifest, which the build writes next to dist/, not in it.
//
// For the bench: `measureSizes(dist)` (synchronous: rows, firstPaintFiles), `readManifest(dist)`,
// and `await measureFloor()` (builds the floor app). Which modules the first paint is made of:
// `npm run size:modules` (scripts/size-by-module.mjs).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { manifestPathOf } from './build-manifest.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const DIST = join(ROOT, 'dist');
const FLOOR_CONFIG = join(ROOT, 'scripts/floor-app/vite.config.ts');

/** Goals; `ceiling` is where CI fails (see docs/decisions/0010). */
// allJs: 220 kB until issues 15 and 16 (bulk work, a day of work) added ~23 kB of lazy chunks (decision 39).
export const BUDGETS_KB = { overFloor: 10, allJs: 250, css: 15 };
export const CEILINGS_KB = { overFloor: 14 };

const ROUTE_OF_FIRST_PAINT = 'src/features/reports/pages/reports-page.tsx';
const DEMO_SIMULATOR = 'src/simulator/index.ts';

const gzipBytes = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const brotliBytes = (path) =>
  brotliCompressSync(readFileSync(path), { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length;
const kb = (bytes) => bytes / 1000;

/** The Vite manifest of the build in `dist`. */
export function readManifest(dist = DIST) {
  const path = manifestPathOf(dist);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

function entryKeyOf(manifest) {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry && name.endsWith('index.html'));
  if (!key) throw new Error('No index.html entry in the Vite manifest');
  return key;
}

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

/** The landing route is in the entry (no key of its own) or a lazy chunk loaded with the request. */
const firstPaintKeys = (manifest) => [
  entryKeyOf(manifest),
  ...(manifest[ROUTE_OF_FIRST_PAINT] ? [ROUTE_OF_FIRST_PAINT] : []),
];

/** The JavaScript files of the first paint of the build in `dist`, relative to it. */
export function firstPaintFilesOf(dist = DIST) {
  const manifest = readManifest(dist);
  return staticClosure(manifest, firstPaintKeys(manifest)).filter((file) => file.endsWith('.js'));
}

const sumOf = (dist, files, ext, bytes = gzipBytes) =>
  files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + bytes(join(dist, file)), 0);

/** The dashboard's figures, from dist/ alone (no floor: see measureFloor). */
export function measureSizes(dist = DIST) {
  const manifest = readManifest(dist);
  const firstPaint = staticClosure(manifest, firstPaintKeys(manifest));
  const demo = staticClosure(manifest, [...firstPaintKeys(manifest), DEMO_SIMULATOR]);
  const assets = readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`);
  const firstPaintKb = kb(sumOf(dist, firstPaint, '.js'));
  return {
    firstPaintFiles: firstPaint.filter((file) => file.endsWith('.js')),
    firstPaintKb,
    rows: [
      { name: 'JS for the first paint of /reports (saved connection)', kb: firstPaintKb, budget: undefined },
      {
        name: '… the same, brotli (as served from the .br files)',
        kb: kb(sumOf(dist, firstPaint, '.js', brotliBytes)),
        budget: undefined,
        unit: 'kB brotli',
      },
      {
        name: 'JS for the first paint of /reports (demo, + simulator)',
        kb: kb(sumOf(dist, demo, '.js')),
        budget: undefined,
      },
      { name: 'CSS for the first paint of /reports', kb: kb(sumOf(dist, firstPaint, '.css')), budget: undefined },
      { name: 'All JavaScript', kb: kb(sumOf(dist, assets, '.js')), budget: BUDGETS_KB.allJs },
      { name: 'All CSS', kb: kb(sumOf(dist, assets, '.css')), budget: BUDGETS_KB.css },
    ],
  };
}

/** The entry's JavaScript file of the build in `dist`, relative to it. */
export function entryFileOf(dist = DIST) {
  const manifest = readManifest(dist);
  return manifest[entryKeyOf(manifest)].file;
}

/**
 * Builds the floor app (scripts/floor-app/) into a temporary directory with this checkout's Vite
 * and packages, and weighs its JavaScript the same way as the dashboard's first paint.
 */
export async function measureFloor() {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'seo-dashboard-floor-'));
  try {
    await build({
      configFile: FLOOR_CONFIG,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
    const files = staticClosure(manifest, [entryKeyOf(manifest)]).filter((file) => file.endsWith('.js'));
    return { kb: kb(sumOf(outDir, files, '.js')), files };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The floor and the dashboard's distance from it, with the goal and the CI ceiling. */
export function floorRows(firstPaintKb, floorKb) {
  return [
    { name: 'Floor: the same stack with nothing of ours (scripts/floor-app)', kb: floorKb, budget: undefined },
    {
      name: 'First paint − floor: what the dashboard adds',
      kb: firstPaintKb - floorKb,
      budget: BUDGETS_KB.overFloor,
      ceiling: CEILINGS_KB.overFloor,
    },
  ];
}

export function verdictOf({ kb: value, budget, ceiling }) {
  if (budget === undefined) return '(reported)';
  if (value <= budget) return 'PASS';
  return ceiling !== undefined && value <= ceiling ? 'OVER' : 'FAIL';
}

export function formatRow(row) {
  const { name, kb: value, budget, ceiling, unit = 'kB gzip' } = row;
  const figure = `${value.toFixed(1)} ${unit}`;
  const limits =
    budget === undefined ? '' : `  (goal ≤ ${budget} kB${ceiling === undefined ? '' : `, CI ceiling ≤ ${ceiling} kB`})`;
  return `${verdictOf(row).padEnd(10)} ${name.padEnd(64)} ${figure.padStart(16)}${limits}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, firstPaintFiles, firstPaintKb } = measureSizes();
  const floor = await measureFloor();
  const all = [...rows.slice(0, 1), ...floorRows(firstPaintKb, floor.kb), ...rows.slice(1)];
  console.log('Size of dist/ (gzip -9), the first paint of /reports against the floor of its stack:');
  for (const row of all) console.log(formatRow(row));
  const names = (files) => files.map((file) => file.replace(/^assets\//, '')).join(', ');
  console.log(`First-paint files (${firstPaintFiles.length}): ${names(firstPaintFiles)}`);
  console.log(`Floor files (${floor.files.length}): ${names(floor.files)}`);
  const over = all.filter((row) => verdictOf(row) === 'OVER');
  if (over.length > 0) console.log(`${over.length} figure(s) over the goal but under the CI ceiling.`);
  const failed = all.filter((row) => verdictOf(row) === 'FAIL');
  if (failed.length > 0) console.error(`${failed.length} size limit(s) exceeded.`);
  if (failed.length > 0) process.exit(1);
}
