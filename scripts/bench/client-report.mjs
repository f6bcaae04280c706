// A project's client report (issue 29), measured in Debian's Chromium against the bench's build
// behind nginx and the simulated service (the large seed; its 1,000-report project):
//   - the report of the last year, print-ready (cover, what changed, top issues and every page in
//     the document) after the app's code, from what the device kept: goal ≤ 1 s;
//   - the longest task meanwhile, reported (a report is built once, then printed);
//   - the list requests of that visit beyond the audit's own freshness check: goal 0.
//
//   npm run bench                           # a section of the whole bench
//   node scripts/bench/client-report.mjs    # on its own (builds dist-bench/ if it is missing)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { connectedContext, firstRead, isAuditRead, longestTask, runOnItsOwn, seedLargeAccount } from './audit.mjs';
import { LATENCY_MS, NGINX_URL, resetSimulator } from './servers.mjs';

const PROJECT = 'big.example.com';
const SELECTORS = {
  audit: 'table.issues-table',
  // The last part of the report: every page's table, rows in.
  report: 'table.report-pages tbody tr',
};

const day = (time) => {
  const date = new Date(time);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

async function clientReport(context) {
  const page = await context.newPage();
  const requests = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) requests.push(request.url());
  });
  const to = day(Date.now());
  const from = day(Date.now() - 365 * 24 * 3600 * 1000);
  await page.goto(`${NGINX_URL}/projects/${encodeURIComponent(PROJECT)}/report?from=${from}&to=${to}`);
  await page.waitForFunction(() => window.__seen.report !== undefined, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const seen = window.__seen.report;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js') && r.responseEnd <= seen);
    const build = performance.getEntriesByName('project report: build').at(-1);
    return {
      seen,
      codeLoaded: Math.max(...scripts.map((r) => r.responseEnd)),
      build: build ? build.duration : null,
      rows: document.querySelectorAll('table.report-pages tbody tr').length,
      issues: document.querySelectorAll('.report-issue').length,
    };
  });
  const longest = await longestTask(page, timing.codeLoaded, timing.seen + 500);
  await page.close();
  const reads = requests.filter(isAuditRead);
  const others = requests.filter((url) => !isAuditRead(url) && /\/api\/v1\/reports\?/.test(url));
  return { ...timing, afterCode: timing.seen - timing.codeLoaded, longest, reads: reads.length, others: others.length };
}

/** The client report's figures as rows for run.mjs ({ name, value, unit, budget, pass, note }). */
export async function runClientReportBench() {
  await seedLargeAccount();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    const row = (name, value, unit, budget, pass, note = '') => rows.push({ name, value, unit, budget, pass, note });
    const context = await connectedContext(browser, SELECTORS);
    await firstRead(context);
    const report = await clientReport(context);
    row(
      'Client report of the last year, print-ready after the app code',
      report.afterCode,
      'ms',
      '≤ 1000',
      report.afterCode <= 1000,
      `${PROJECT}, kept on the device; ${report.rows} pages, ${report.issues} top issues` +
        (report.build === null ? '' : `; built in ${report.build.toFixed(0)} ms`),
    );
    row('Client report: longest task until print-ready', report.longest, 'ms', '(reported)', undefined);
    row(
      'Client report: list requests beyond the freshness check',
      report.others + Math.max(0, report.reads - 1),
      '',
      '= 0',
      report.others === 0 && report.reads <= 1,
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
    `A project's client report (Chromium, the large account, ${LATENCY_MS} ms latency)`,
    runClientReportBench,
  );
}
