// What changed on a site (issue 28), measured in Debian's Chromium against the bench's build behind
// nginx and the simulated service, on the shape the issue names: a project of 1,000 pages analysed
// three times each (the simulator's `history` seed, src/simulator/history-seed.ts):
//   - the change report of the last year, computed and on screen from what the device kept, after
//     the app's code: goal ≤ 300 ms, the longest task ≤ 50 ms;
//   - the list requests of that visit beyond the audit's own freshness check: goal 0;
//   - the health chart's render: the longest task until it is on screen, ≤ 50 ms.
//
//   npm run bench                          # a section of the whole bench
//   node scripts/bench/changes.mjs         # on its own (builds dist-bench/ if it is missing)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { connectedContext, firstRead, isAuditRead, longestTask, runOnItsOwn } from './audit.mjs';
import { LATENCY_MS, NGINX_URL, SIMULATOR_URL, resetSimulator } from './servers.mjs';

const PROJECT = 'history.example.com';

async function seedSiteHistory() {
  const response = await fetch(`${SIMULATOR_URL}/__simulator/reset`, {
    method: 'POST',
    body: JSON.stringify({ seed: 'history' }),
  });
  if (!response.ok) throw new Error(`The simulator refused the history seed: ${response.status}`);
}
const SELECTORS = {
  audit: 'table.issues-table',
  changes: 'table.change-checks',
  chart: 'svg.health-chart__svg',
};

const day = (time) => {
  const date = new Date(time);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

async function changeReport(context) {
  const page = await context.newPage();
  const requests = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) requests.push(request.url());
  });
  const to = day(Date.now());
  const from = day(Date.now() - 365 * 24 * 3600 * 1000);
  await page.goto(`${NGINX_URL}/projects/${encodeURIComponent(PROJECT)}/changes?from=${from}&to=${to}`);
  await page.waitForFunction(() => window.__seen.changes !== undefined && window.__seen.chart !== undefined, null, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const seen = window.__seen.changes;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js') && r.responseEnd <= seen);
    return { seen, chart: window.__seen.chart, codeLoaded: Math.max(...scripts.map((r) => r.responseEnd)) };
  });
  if (process.env.BENCH_CHANGES_DEBUG) {
    const events = await page.evaluate(() => [
      ...window.__longTasks.map((t) => [t.start, `long task ${t.duration.toFixed(0)} ms`]),
      ...performance.getEntriesByType('measure').map((m) => [m.startTime, `${m.name} ${m.duration.toFixed(0)} ms`]),
      ...performance
        .getEntriesByType('resource')
        .map((r) => [
          r.startTime,
          `${r.name.replace(/^.*\//, '')} ${r.startTime.toFixed(0)}–${r.responseEnd.toFixed(0)}`,
        ]),
      ...window.__frames.map((f) => [
        f.start,
        `frame ${f.duration.toFixed(0)} ms (render ${f.render.toFixed(0)}): ${f.scripts.join('; ')}`,
      ]),
      [window.__seen.changes, 'change report on screen'],
      [window.__seen.chart, 'chart on screen'],
    ]);
    for (const [at, what] of events.sort((a, b) => a[0] - b[0])) console.log(`${at.toFixed(0).padStart(7)}  ${what}`);
  }
  const longest = await longestTask(page, timing.codeLoaded, timing.seen + 500);
  const chartLongest = await longestTask(page, timing.codeLoaded, timing.chart + 500);
  const changedPages = await page
    .getByRole('heading', { name: /^Pages that changed/ })
    .textContent()
    .then((text) => text?.replace(/\D/g, '') ?? '?');
  await page.close();
  // The freshness check is the audit's refresh: its first page of the project, newest first.
  const reads = requests.filter(isAuditRead);
  const others = requests.filter((url) => !isAuditRead(url) && /\/api\/v1\/reports\?/.test(url));
  return {
    afterCode: timing.seen - timing.codeLoaded,
    longest,
    chartLongest,
    reads: reads.length,
    others: others.length,
    all: requests.map((url) => url.replace(/^.*\/api\/v1\//, '')),
    changedPages,
  };
}

/** The change report's figures as rows for run.mjs ({ name, value, unit, budget, pass, note }). */
export async function runChangesBench() {
  await seedSiteHistory();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    const row = (name, value, unit, budget, pass, note = '') => rows.push({ name, value, unit, budget, pass, note });
    const context = await connectedContext(browser, SELECTORS);
    await firstRead(context, PROJECT);
    const report = await changeReport(context);
    row(
      'Change report of the last year, on screen after the app code',
      report.afterCode,
      'ms',
      '≤ 300',
      report.afterCode <= 300,
      `${PROJECT} (1,000 pages × 3 runs), kept on the device; ${report.changedPages} pages changed`,
    );
    row('Change report: longest task', report.longest, 'ms', '≤ 50', report.longest <= 50);
    row(
      'Change report: list requests beyond the freshness check',
      report.others + Math.max(0, report.reads - 1),
      '',
      '= 0',
      report.others === 0 && report.reads <= 1,
      `the page in all: ${report.all.length} (${report.all.join('; ')})`,
    );
    row(
      'Health chart: longest task until it is on screen',
      report.chartLongest,
      'ms',
      '≤ 50',
      report.chartLongest <= 50,
    );
    await context.close();
    return rows;
  } finally {
    await browser.close();
    await resetSimulator();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runOnItsOwn(
    `What changed on a site (Chromium, 1,000 pages × 3 runs, ${LATENCY_MS} ms latency)`,
    runChangesBench,
  );
}
