// `npm run bench`: every performance goal of the dashboard, measured on this machine and printed
// with its goal and PASS/FAIL; exits non-zero when one fails.
//   npm run bench                          # build dist-bench/, measure everything
//   npm run bench -- --write-readme        # … and rewrite the README's performance table from it
//   npm run bench -- --no-build            # reuse dist-bench/ from the previous run
//   BENCH_SKIP_LIGHTHOUSE=1 npm run bench  # the quick part only
//   npm run bench -- --only-lighthouse     # Lighthouse alone, on every route and the demo (HTTP/2, then HTTP/1.1)
//   npm run bench -- --only lists          # one section alone: lists (100 real-length addresses, 4x CPU)
//   npm run bench -- --only workspace      # one section alone: the shared workspace (issue 38)
//   npm run bench -- --only language       # one section alone: German's bytes, a change of language (issue 39)
//   BENCH_LIGHTHOUSE_RUNS=1 npm run bench  # one Lighthouse run per page instead of three
//   BENCH_PORT_OFFSET=300 npm run bench    # other ports (E2E_PORT_OFFSET is used when unset)
//   node scripts/bench/changes.mjs         # only the change report (issue 28); audit.mjs: only the audit
//   node scripts/bench/client-report.mjs   # only the project's client report (issue 29)
//
// The bench builds the site itself into dist-bench/, as `npm run build` does but with the
// simulated service's origin (http://127.0.0.1) in the page's Content-Security-Policy: a plain
// build lets the page call only https: origins. The JavaScript is the same (decision 0014).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { LIMITS_KB } from '../size-budgets.mjs';
import {
  FIRST_PAINT_ROUTE,
  ROUTE_MODULES,
  formatReport,
  judge,
  measureFloor,
  measureSizes,
  readManifest,
} from '../size.mjs';
import { runAuditBench } from './audit.mjs';
import { runChangesBench } from './changes.mjs';
import { runClientReportBench } from './client-report.mjs';
import { runBrowserBench } from './browser.mjs';
import { runBulkBench } from './bulk.mjs';
import { runCompareBench } from './compare.mjs';
import { runInteractionBench } from './interactions.mjs';
import { runLighthouseBench } from './lighthouse.mjs';
import { LONGEST_FRAME_GOAL_MS, runListsBench } from './lists.mjs';
import { LANGUAGE_TITLE, runLanguageBench } from './language.mjs';
import { WORKSPACE_TITLE, runWorkspaceBench } from './workspace.mjs';
import { writeReadme } from './readme.mjs';
import {
  BENCH_DIST,
  BENCH_DIST_DIR,
  LATENCY_MS,
  NGINX_PROXY_URL,
  NGINX_TLS_URL,
  NGINX_URL,
  ROOT,
  firstReportId,
  resetSimulator,
  startServers,
  stopServers,
} from './servers.mjs';
import { servedBytes } from './transfer.mjs';

const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--only NAME` (or `--only=NAME`): that section alone. */
const ONLY_SECTIONS = ['lists', 'workspace', 'language'];
const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? argv[argv.indexOf('--only') + 1];
if (argv.some((arg) => arg === '--only' || arg.startsWith('--only=')) && !ONLY_SECTIONS.includes(only)) {
  console.error(`--only takes one of: ${ONLY_SECTIONS.join(', ')}.`);
  process.exit(2);
}
const onlyLists = only === 'lists';
const onlyWorkspace = only === 'workspace';
const onlyLanguage = only === 'language';
const onlySection = onlyLists || onlyWorkspace || onlyLanguage;
const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1' || onlySection;
const onlyLighthouse = args.has('--only-lighthouse');
if (args.has('--write-readme') && (skipLighthouse || onlyLighthouse)) {
  console.error('--write-readme needs the full run: unset BENCH_SKIP_LIGHTHOUSE, drop --only-lighthouse and --only.');
  process.exit(2);
}
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const began = Date.now();
const elapsed = () => `${Math.round((Date.now() - began) / 1000)} s`;

if (!args.has('--no-build')) {
  console.log(`Building the site into ${BENCH_DIST_DIR}/ (the simulated service's origin allowed by its CSP)…`);
  execFileSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', BENCH_DIST_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, API_ORIGINS: 'http://127.0.0.1:*', BASE_PATH: '' } },
  );
}

/** Everything printed, by section, for the exit code and the README. */
const sections = [];
function section(title) {
  console.log(`\n== ${title}`);
  sections.push({ title, rows: [] });
}
/** `pass` undefined: a figure reported without a goal. */
function report({ name, figure, goal, pass, verdict, note = '' }) {
  const shown = verdict ?? (pass === undefined ? '(reported)' : pass ? 'PASS' : 'FAIL');
  sections.at(-1).rows.push({ name, figure, goal, verdict: shown, pass });
  console.log(`${shown.padEnd(10)} ${name.padEnd(72)} ${figure.padStart(16)}  ${goal}${note ? `  — ${note}` : ''}`);
}

/** Rows measured as a value with its unit, against a budget. */
function reportMeasured(rows) {
  for (const row of rows) {
    const figure = `${Number.isInteger(row.value) ? row.value : row.value.toFixed(1)} ${row.unit}`.trim();
    report({ name: row.name, figure, goal: row.budget, pass: row.pass, note: row.note });
  }
}

let sizes;
let floor;
let routeChunks;
const listsTitle = `Lists of 100 real-length addresses (80–150 characters), sorted, paged and filtered at 1280 px (job tray open) and 390 px, CPU slowed 4x (Event Timing; long-animation-frame entries, script and style and layout apart; median of 3 after a warm-up; goal ≤ ${LONGEST_FRAME_GOAL_MS} ms per frame; just this: npm run bench -- --only lists)`;

if (!onlyLighthouse && !onlySection) {
  section('Bytes (gzip -9 of the build: each route with an empty cache, from the Vite manifest)');
  sizes = measureSizes(BENCH_DIST);
  floor = await measureFloor();
  const verdicts = judge(sizes, floor.kb);
  // formatReport is how `npm run size` prints it; the bench's own table gets the same figures.
  console.log(formatReport(sizes, floor, verdicts));
  for (const row of verdicts) {
    const { name } = sizes.routes.find((route) => route.route === row.route);
    sections.at(-1).rows.push({
      name: `JS to show ${row.route} (${name}), empty cache`,
      figure: `${row.kb.toFixed(1)} kB gzip`,
      goal: [
        `floor ${row.overFloorKb >= 0 ? '+' : '−'}${Math.abs(row.overFloorKb).toFixed(1)}` +
          (row.route === FIRST_PAINT_ROUTE ? ` (≤ +${LIMITS_KB.firstPaintOverFloor})` : ''),
        row.baselineKb === undefined
          ? 'not in the baseline'
          : `≤ ${(row.baselineKb + LIMITS_KB.growth).toFixed(1)} (baseline + ${LIMITS_KB.growth})`,
      ].join('; '),
      verdict: row.verdict === 'NEW' ? '(reported)' : row.verdict,
      pass: row.verdict === 'NEW' ? undefined : row.verdict === 'PASS',
    });
  }
  for (const { name, kb, unit = 'kB gzip' } of sizes.reported)
    sections.at(-1).rows.push({ name, figure: `${kb.toFixed(1)} ${unit}`, goal: '', verdict: '(reported)' });

  // The manifest is kept next to the build, not in it (scripts/build-manifest.mjs).
  const manifest = readManifest(BENCH_DIST);
  /** A route's page chunk (the last module of its row in ROUTE_MODULES); undefined for a page in the entry. */
  const routeChunk = (route) => {
    const page = ROUTE_MODULES.find((row) => row.route === route)?.modules.at(-1);
    return page === undefined ? undefined : manifest[page]?.file.replace(/^assets\//, '');
  };
  routeChunks = { reports: routeChunk('/reports'), report: routeChunk('/reports/:id') };
}

const stop = async () => {
  await stopServers();
  process.exit(130);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

try {
  await startServers();

  if (onlyLists) {
    section(listsTitle);
    for (const row of await runListsBench()) report(row);
  }

  if (onlyWorkspace) {
    section(WORKSPACE_TITLE);
    for (const row of await runWorkspaceBench()) report(row);
  }

  if (onlyLanguage) {
    section(LANGUAGE_TITLE);
    for (const row of await runLanguageBench()) report(row);
  }

  if (!onlyLighthouse && !onlySection) {
    section('Bytes on the wire (nginx with deploy/nginx.conf, Accept-Encoding: br)');
    const wire = await servedBytes(NGINX_URL, sizes.firstPaintFiles, 'br');
    report({
      name: 'JS for the first paint of /reports, as served',
      figure: `${(wire.bytes / 1000).toFixed(1)} kB`,
      goal: '(reported)',
      note: `${sizes.firstPaintFiles.length} files; Content-Encoding received: ${wire.encodings}`,
    });

    section(`In Chromium (nginx + simulator answering after ${LATENCY_MS} ms)`);
    reportMeasured(await runBrowserBench({ routeChunks, floorKb: floor.kb }));

    section(
      'Lists of 100 rows and a report page with the CPU slowed 4x (Event Timing, long tasks; median of 3 after a warm-up)',
    );
    for (const row of await runInteractionBench()) report(row);
    console.log(`${''.padEnd(10)} (${elapsed()} so far)`);

    section(listsTitle);
    for (const row of await runListsBench()) report(row);
    console.log(`${''.padEnd(10)} (${elapsed()} so far)`);

    section(`The audit at scale (the large account: 10,000 reports over 40 projects; ${LATENCY_MS} ms latency)`);
    reportMeasured(await runAuditBench());
    console.log(`${''.padEnd(10)} (${elapsed()} so far)`);

    section(`Two reports compared (${LATENCY_MS} ms latency; just this: node scripts/bench/compare.mjs)`);
    reportMeasured(await runCompareBench());

    section(`What changed on a site (issue 28; a project of 1,000 pages × 3 runs; ${LATENCY_MS} ms latency)`);
    reportMeasured(await runChangesBench());

    section(
      `A project's client report (issue 29; the large account's 1,000-report project; ${LATENCY_MS} ms latency; just this: node scripts/bench/client-report.mjs)`,
    );
    reportMeasured(await runClientReportBench());

    section('Bulk work through the job queue (issue 15; its own simulator: 1,000 reports, 60 requests a minute)');
    for (const row of await runBulkBench()) report(row);

    section(WORKSPACE_TITLE);
    for (const row of await runWorkspaceBench()) report(row);

    section(LANGUAGE_TITLE);
    for (const row of await runLanguageBench()) report(row);
  }

  if (!skipLighthouse) {
    const log = (line) => console.log(`${''.padEnd(10)} ${line}`);
    section(
      `Lighthouse 12 (mobile preset, simulated throttling; ${LIGHTHOUSE_RUNS} run(s) per page, every route of npm run size and the demo; over TLS with HTTP/2, as deploy/nginx.conf recommends)`,
    );
    for (const row of await runLighthouseBench({ origin: NGINX_TLS_URL, runs: LIGHTHOUSE_RUNS, log })) report(row);
    // What a deployment without HTTP/2 gets (decision 92): reported, not judged.
    section('Lighthouse 12 over plain HTTP/1.1, for comparison (1 run per page)');
    for (const row of await runLighthouseBench({ origin: NGINX_PROXY_URL, runs: 1, goals: false, log })) report(row);
  }
} finally {
  await stopServers();
}

const results = sections.flatMap((s) => s.rows).filter((row) => row.pass !== undefined);
const failed = results.filter((row) => !row.pass).length;
console.log(`\n${results.length - failed} goals passed, ${failed} failed (${elapsed()}).`);
if (args.has('--write-readme')) {
  await writeReadme(ROOT, sections);
  console.log('README.md: the performance table between its bench markers is rewritten.');
}
process.exit(failed > 0 ? 1 : 0);
