// Two reports compared (issue 29): how long the comparison takes to be on screen, and how many
// requests it costs, measured in Debian's Chromium against the bench's build behind nginx and the
// simulated service answering after LATENCY_MS:
//   - from a shared address, neither report in the cache: both asked for at once (one round
//     trip), from the navigation to the table on screen;
//   - two reports ticked in the list (their results are in the list's cache): no request, from
//     the click on "Compare these two" to the table on screen.
//
//   npm run bench                          # a section of the whole bench
//   node scripts/bench/compare.mjs         # on its own (builds dist-bench/ if it is missing)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { runOnItsOwn } from './audit.mjs';
import { BENCH_KEY, LATENCY_MS, NGINX_PROXY_URL, resetSimulator } from './servers.mjs';

const CONNECTION_KEY = 'seo-dashboard.connection';
const TABLE = 'table.run-comparison__table';
const REPORT_READ = /\/api\/v1\/reports\/\d+$/;

/** Runs in the page before the app: when the comparison's table first shows. */
function instrument(selector) {
  window.__tableAt = undefined;
  new MutationObserver(() => {
    if (window.__tableAt === undefined && document.querySelector(selector)) window.__tableAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function connectedPage(browser) {
  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [CONNECTION_KEY, JSON.stringify({ baseUrl: NGINX_PROXY_URL, apiKey: BENCH_KEY })],
  );
  await context.addInitScript(instrument, TABLE);
  const page = await context.newPage();
  const reads = [];
  page.on('request', (request) => {
    if (REPORT_READ.test(request.url())) reads.push({ url: request.url(), start: Date.now(), end: Infinity });
  });
  page.on('requestfinished', (request) => {
    const read = reads.find((entry) => entry.url === request.url() && entry.end === Infinity);
    if (read) read.end = Date.now();
  });
  return { context, page, reads };
}

async function twoIds() {
  const { SIMULATOR_URL } = await import('./servers.mjs');
  const response = await fetch(`${SIMULATOR_URL}/api/v1/reports?per_page=10`, {
    headers: { Authorization: `Bearer ${BENCH_KEY}`, Accept: 'application/json' },
  });
  const body = await response.json();
  return [String(body.data[0].id), String(body.data[3].id)];
}

/** A shared address, nothing in the cache: navigation start to the table, and the requests. */
async function fromAddress(browser, [a, b]) {
  const { context, page, reads } = await connectedPage(browser);
  await page.goto(`${NGINX_PROXY_URL}/compare?a=${a}&b=${b}`);
  await page.waitForFunction(() => window.__tableAt !== undefined);
  const ms = await page.evaluate(() => window.__tableAt);
  await context.close();
  const together = reads.length === 2 && Math.max(...reads.map((r) => r.start)) <= Math.min(...reads.map((r) => r.end));
  return { ms, requests: reads.length, together };
}

/** Two reports ticked in the list: the click on "Compare these two" to the table, and the requests. */
async function fromList(browser) {
  const { context, page, reads } = await connectedPage(browser);
  await page.goto(`${NGINX_PROXY_URL}/reports`);
  await page.waitForSelector('input[data-select-report]');
  await page.getByText('No reports selected.').waitFor();
  const boxes = page.locator('input[data-select-report]');
  await boxes.nth(0).check();
  await boxes.nth(3).check();
  const link = page.getByRole('link', { name: 'Compare these two' });
  await link.waitFor();
  const before = reads.length;
  const start = await page.evaluate(() => performance.now());
  await link.click();
  await page.waitForFunction(() => window.__tableAt !== undefined);
  const ms = (await page.evaluate(() => window.__tableAt)) - start;
  await context.close();
  return { ms, requests: reads.length - before };
}

const median = (runs, key) => [...runs].sort((x, y) => key(x) - key(y))[Math.floor(runs.length / 2)];

export async function runCompareBench() {
  await resetSimulator();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const ids = await twoIds();
    const cold = [];
    const kept = [];
    for (let i = 0; i < 3; i += 1) {
      cold.push(await fromAddress(browser, ids));
      kept.push(await fromList(browser));
    }
    const c = median(cold, (run) => run.ms);
    const k = median(kept, (run) => run.ms);
    return [
      {
        name: 'Comparison from a shared address: requests for the two reports',
        value: c.requests,
        unit: '',
        budget: '2, sent together (one round trip)',
        pass: cold.every((run) => run.requests === 2 && run.together),
        note: `all 3 runs: ${cold.map((run) => `${run.requests}${run.together ? ' together' : ' one after the other'}`).join(', ')}`,
      },
      {
        name: 'Comparison from a shared address: navigation to the table on screen',
        value: c.ms,
        unit: 'ms',
        budget: '(reported)',
        note: `median of 3; the service answers after ${LATENCY_MS} ms`,
      },
      {
        name: 'Comparison of two reports ticked in the list: requests',
        value: k.requests,
        unit: '',
        budget: '0 (kept in the cache)',
        pass: kept.every((run) => run.requests === 0),
      },
      {
        name: 'Comparison of two reports ticked in the list: click to the table on screen',
        value: k.ms,
        unit: 'ms',
        budget: '(reported)',
        note: 'median of 3; the page code with an empty cache',
      },
    ];
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runOnItsOwn(`Two reports compared (Chromium, ${LATENCY_MS} ms latency)`, runCompareBench);
}
