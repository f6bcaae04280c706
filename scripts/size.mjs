// `npm run size` (run `npm run build` first): for each route, the JavaScript a browser loads with
// an empty cache to show it, weighed against the FLOOR of the stack (a minimal app on the same
// packages and APIs, scripts/floor-app/, built here, now, with the same Vite and settings) and
// against the committed baseline, scripts/size-baseline.json. Sizes are gzip -9.
//
// A route's JavaScript = index.html's entry + its static imports + the route's lazy modules
// (ROUTE_MODULES below: its component's and its loader's `import()`s) + their static imports,
// found by following the Vite manifest, which the build writes next to dist/, not in it.
// Parts a page loads later (on use, or once its first data is on screen) are not counted.
//
// CI fails (exit 1) when the first paint of /reports is more than 19.5 kB over the floor, or when a
// route grows by more than 1.5 kB over its baseline (scripts/size-budgets.mjs; decision 0051).
// The sum of all JavaScript and CSS, the demo and the brotli figure are reported, with no limit.
//
//   npm run size                                            # measure and judge
//   npm run size -- --update-baseline --why "what grew and why it is worth it"
//                                                           # rewrite scripts/size-baseline.json on
//                                                           # purpose, in the commit that grows it
//
// For the bench: `measureSizes(dist)` (synchronous), `readManifest(dist)`, `await measureFloor()`,
// `judge(sizes, floorKb)` and `formatReport(...)`. Which modules a first paint is made of:
// `npm run size:modules` (scripts/size-by-module.mjs).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { manifestPathOf } from './build-manifest.mjs';
import { LIMITS_KB, judgeRoutes } from './size-budgets.mjs';

/**
 * ROUTE_MODULES: the source modules each route loads lazily, as src/app/router.tsx says (its
 * `lazy` component and what its loader `import()`s), keyed as the Vite manifest keys them, the
 * page's own module last (the bench looks for its chunk). An empty list: the route's page is in
 * the entry. Edit this table when a route's page moves.
 */
export const ROUTE_MODULES = [
  {
    route: '/',
    name: 'overview',
    modules: ['src/app/route-prefetch.ts', 'src/features/overview/pages/overview-page.tsx'],
  },
  { route: '/reports', name: 'reports list', modules: [] },
  { route: '/reports/:id', name: 'a report', modules: ['src/features/report-page/index.ts'] },
  { route: '/reports/new', name: 'new report', modules: ['src/features/new-report/index.ts'] },
  {
    route: '/projects',
    name: 'projects',
    modules: ['src/app/route-prefetch.ts', 'src/features/project-pages/pages/projects-page.tsx'],
  },
  {
    route: '/projects/:project',
    name: "a project's audit",
    // The page and its first part, the issues (the other parts load with their own addresses).
    modules: [
      'src/app/route-prefetch.ts',
      'src/features/project-pages/pages/project-page.tsx',
      'src/features/project-pages/parts/issues-part.tsx',
    ],
  },
  {
    route: '/projects/:project/issues/:check',
    name: "an issue's pages",
    modules: ['src/features/project-pages/pages/project-page.tsx'],
  },
  {
    route: '/compare',
    name: 'two reports compared',
    modules: ['src/app/route-prefetch.ts', 'src/features/report-compare/index.ts'],
  },
  {
    route: '/projects/:project/changes',
    name: "a project's changes",
    modules: ['src/features/site-changes/index.ts'],
  },
  {
    route: '/projects/:project/report',
    name: "a project's client report",
    modules: ['src/features/project-report/index.ts'],
  },
  { route: '/settings', name: 'settings', modules: ['src/features/settings/settings-page.tsx'] },
];

/** The route whose first paint is held to the floor limit, and what the demo adds to it. */
export const FIRST_PAINT_ROUTE = '/reports';
const DEMO_SIMULATOR = 'src/simulator/index.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const DIST = join(ROOT, 'dist');
const FLOOR_CONFIG = join(ROOT, 'scripts/floor-app/vite.config.ts');
export const BASELINE_PATH = join(ROOT, 'scripts/size-baseline.json');

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

/** The manifest keys a route loads: the entry and the route's lazy modules, checked against the table. */
function routeKeys(manifest, route) {
  const row = ROUTE_MODULES.find((candidate) => candidate.route === route);
  if (!row) throw new Error(`No route ${route} in ROUTE_MODULES (scripts/size.mjs)`);
  const missing = row.modules.filter((module) => !manifest[module]);
  if (missing.length > 0)
    throw new Error(
      `${missing.join(', ')} (route ${route}) is not in the Vite manifest: a page moved or stopped ` +
        'being lazy. Update the ROUTE_MODULES table at the top of scripts/size.mjs from src/app/router.tsx.',
    );
  return [entryKeyOf(manifest), ...row.modules];
}

/** The JavaScript files of a route's first paint (default: /reports) of the build in `dist`, relative to it. */
export function firstPaintFilesOf(dist = DIST, route = FIRST_PAINT_ROUTE) {
  const manifest = readManifest(dist);
  return staticClosure(manifest, routeKeys(manifest, route)).filter((file) => file.endsWith('.js'));
}

const sumOf = (dist, files, ext, bytes = gzipBytes) =>
  files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + bytes(join(dist, file)), 0);

/**
 * The dashboard's figures, from dist/ alone (no floor: see measureFloor).
 * `routes`: per route of ROUTE_MODULES, its JavaScript and files; `firstPaintFiles` and
 * `firstPaintKb`: those of /reports; `reported`: figures printed without a limit.
 */
export function measureSizes(dist = DIST) {
  const manifest = readManifest(dist);
  const routes = ROUTE_MODULES.map(({ route, name }) => {
    const files = staticClosure(manifest, routeKeys(manifest, route)).filter((file) => file.endsWith('.js'));
    return { route, name, kb: kb(sumOf(dist, files, '.js')), files };
  });
  const firstPaint = staticClosure(manifest, routeKeys(manifest, FIRST_PAINT_ROUTE));
  const demo = staticClosure(manifest, [...routeKeys(manifest, FIRST_PAINT_ROUTE), DEMO_SIMULATOR]);
  const assets = readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`);
  const firstPaintFiles = firstPaint.filter((file) => file.endsWith('.js'));
  return {
    routes,
    firstPaintFiles,
    firstPaintKb: kb(sumOf(dist, firstPaint, '.js')),
    reported: [
      {
        name: 'JS for the first paint of /reports, brotli (the .br files served)',
        kb: kb(sumOf(dist, firstPaint, '.js', brotliBytes)),
        unit: 'kB brotli',
      },
      { name: 'JS for the first paint of /reports in the demo (+ the simulator)', kb: kb(sumOf(dist, demo, '.js')) },
      { name: 'CSS for the first paint of /reports', kb: kb(sumOf(dist, firstPaint, '.css')) },
      { name: 'All JavaScript', kb: kb(sumOf(dist, assets, '.js')) },
      { name: 'All CSS', kb: kb(sumOf(dist, assets, '.css')) },
    ],
  };
}

/**
 * Builds the floor app (scripts/floor-app/) into a temporary directory with this checkout's Vite
 * and packages, and weighs its JavaScript the same way as a route's.
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

/** The committed baseline's figures ({ [route]: kB }), or undefined when there is no file. */
export function readBaseline(path = BASELINE_PATH) {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')).routes;
}

/** Each route's verdict against the floor and the baseline (scripts/size-budgets.mjs). */
export function judge(sizes, floorKb, baseline = readBaseline()) {
  return judgeRoutes({ routes: sizes.routes, floorKb, baseline, firstPaintRoute: FIRST_PAINT_ROUTE });
}

const signed = (value, digits = 1) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

/** What `npm run size` prints (and the bench too): the route table, then the reported figures. */
export function formatReport(sizes, floor, verdicts) {
  const lines = [
    `JavaScript to show each route with an empty cache (kB gzip -9; floor ${floor.kb.toFixed(1)} kB, scripts/floor-app):`,
    `${'verdict'.padEnd(8)} ${'route'.padEnd(52)} ${'kB'.padStart(7)} ${'− floor'.padStart(8)} ${'baseline'.padStart(9)} ${'change'.padStart(7)}  limit`,
  ];
  for (const row of verdicts) {
    const { name } = sizes.routes.find((route) => route.route === row.route);
    const limit = [
      row.route === FIRST_PAINT_ROUTE ? `− floor ≤ ${LIMITS_KB.firstPaintOverFloor}` : '',
      row.baselineKb === undefined ? 'not in the baseline' : `change ≤ +${LIMITS_KB.growth}`,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      [
        row.verdict.padEnd(8),
        `${row.route} (${name})`.padEnd(52),
        row.kb.toFixed(1).padStart(7),
        signed(row.overFloorKb).padStart(8),
        (row.baselineKb === undefined ? '—' : row.baselineKb.toFixed(1)).padStart(9),
        (row.growthKb === undefined ? '—' : signed(row.growthKb, 2)).padStart(7),
        ` ${limit}`,
      ].join(' '),
    );
    for (const reason of row.reasons) lines.push(`${''.padEnd(8)}   ${row.route}: ${reason}`);
  }
  lines.push('Reported, with no limit:');
  for (const { name, kb: value, unit = 'kB gzip' } of sizes.reported)
    lines.push(`${''.padEnd(8)} ${name.padEnd(66)} ${value.toFixed(1).padStart(6)} ${unit}`);
  const names = (files) => files.map((file) => file.replace(/^assets\//, '')).join(', ');
  lines.push(`First-paint files of /reports (${sizes.firstPaintFiles.length}): ${names(sizes.firstPaintFiles)}`);
  lines.push(`Floor files (${floor.files.length}): ${names(floor.files)}`);
  return lines.join('\n');
}

/** Rewrites the baseline with today's figures and the reason given. */
function writeBaseline(sizes, floorKb, why) {
  const baseline = {
    about:
      "Each route's JavaScript (kB gzip -9, empty cache) as last accepted; `npm run size` fails when one grows " +
      `by more than ${LIMITS_KB.growth} kB over it. Rewritten on purpose, never by hand, in the commit that ` +
      'grows a route: npm run size -- --update-baseline --why "what grew and why". See scripts/size.mjs.',
    why,
    floorKb: Number(floorKb.toFixed(3)),
    routes: Object.fromEntries(sizes.routes.map(({ route, kb: value }) => [route, Number(value.toFixed(3))])),
  };
  writeFileSync(BASELINE_PATH, `${JSON.stringify(baseline, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'update-baseline': { type: 'boolean' }, why: { type: 'string' } } });
  let sizes;
  try {
    sizes = measureSizes();
  } catch (error) {
    // A missing build or a stale ROUTE_MODULES: the message says which; a stack would bury it.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const floor = await measureFloor();
  if (values['update-baseline']) {
    if (!values.why?.trim()) {
      console.error('--update-baseline needs --why "…": the line that says why the routes may weigh more.');
      process.exit(2);
    }
    writeBaseline(sizes, floor.kb, values.why.trim());
    console.log(`${BASELINE_PATH}: rewritten (${values.why.trim()}).`);
  }
  const verdicts = judge(sizes, floor.kb);
  console.log(formatReport(sizes, floor, verdicts));
  const fresh = verdicts.filter((row) => row.verdict === 'NEW');
  if (fresh.length > 0)
    console.log(
      `${fresh.length} route(s) not in scripts/size-baseline.json: add them with --update-baseline --why "…".`,
    );
  const failed = verdicts.filter((row) => row.verdict === 'FAIL');
  if (failed.length > 0) {
    console.error(
      `${failed.length} route(s) over a limit. If the growth is worth it, say why in the same commit: ` +
        'npm run size -- --update-baseline --why "…"',
    );
    process.exit(1);
  }
}
