// Lighthouse 12 (default mobile preset, simulated throttling) in Debian's Chromium against the
// production build behind nginx: over TLS with HTTP/2, as deploy/nginx.conf recommends (its
// certificate made for the run, and accepted), and once over plain HTTP/1.1 for comparison
// (decision 92). Lighthouse starts from a fresh profile, i.e. the demo; with `connection` the
// saved connection is put in localStorage first (and storage reset is off), and with `language`
// the language chosen on the settings page (issue 39: /reports in German).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { ROUTE_MODULES } from '../size.mjs';
import { BENCH_KEY, SIMULATOR_URL, firstReportId, resetSimulator } from './servers.mjs';

export const LIGHTHOUSE_BUDGETS = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 };

export async function runLighthouse(url, { connection, language } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The bench's own certificate for 127.0.0.1 (scripts/bench/servers.mjs).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    if (connection) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/config.json', url).href);
      await page.evaluate(
        (value, chosen) => {
          localStorage.setItem('seo-dashboard.connection', value);
          // As Settings → Language keeps it (src/lib/i18n/saved-language.ts).
          if (chosen) localStorage.setItem('seo-dashboard:language', chosen);
        },
        JSON.stringify({ baseUrl: connection.baseUrl, apiKey: BENCH_KEY }),
        language ?? '',
      );
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: Object.keys(LIGHTHOUSE_BUDGETS),
      disableStorageReset: Boolean(connection),
    });
    const { categories, audits } = result.lhr;
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      scores: Object.fromEntries(Object.keys(LIGHTHOUSE_BUDGETS).map((id) => [id, categories[id]?.score ?? 0])),
      metrics: {
        fcp: audits['first-contentful-paint']?.numericValue,
        lcp: audits['largest-contentful-paint']?.numericValue,
        tbt: audits['total-blocking-time']?.numericValue,
        cls: audits['cumulative-layout-shift']?.numericValue,
        // As loaded here, without throttling. Lantern simulates from the requests and tasks seen
        // before it, so a late observed first paint (a busy machine) makes every estimate late.
        observedFcp: audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint,
      },
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The addresses Lighthouse opens: every route `npm run size` weighs (ROUTE_MODULES, one table for
 * both), its parameters filled from the seeded service (the first report, its project, a check
 * it fails), with the saved connection; then the demo, which a newcomer opens first (a fresh
 * profile, /reports).
 */
async function pagesToMeasure() {
  const id = await firstReportId();
  const response = await fetch(`${SIMULATOR_URL}/api/v1/reports/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${BENCH_KEY}`, Accept: 'application/json' },
  });
  const { data: report } = await response.json();
  const results = Object.entries(report.results ?? {});
  const check = (results.find(([, result]) => !result.passed) ?? results[0])?.[0] ?? 'title';
  const params = { id, project: report.project, check };
  const pathOf = (route) => route.replace(/:(\w+)/g, (_, name) => encodeURIComponent(params[name]));
  return [
    ...ROUTE_MODULES.map(({ route, name }) => ({ label: `${route} (${name})`, path: pathOf(route), connected: true })),
    { label: '/reports (demo mode, fresh profile)', path: '/reports', connected: false },
    // Issue 39: the first paint in another language fetches its words before the rows.
    { label: '/reports in German (chosen on the settings page)', path: '/reports', connected: true, language: 'de' },
  ];
}

/**
 * Lighthouse on every page of pagesToMeasure at `origin` (nginx with the /api/ proxy), `runs`
 * times each; rows for the bench's table ({ name, figure, goal, pass, note }), two per page:
 * performance, then the other categories. `goals: false` reports the figures without judging them.
 */
export async function runLighthouseBench({ origin, runs, goals = true, log = () => {} }) {
  await resetSimulator();
  const rows = [];
  for (const { label, path, connected, language } of await pagesToMeasure()) {
    const results = [];
    for (let i = 0; i < runs; i += 1)
      results.push(
        await runLighthouse(`${origin}${path}`, {
          connection: connected ? { baseUrl: origin } : undefined,
          language,
        }),
      );
    const scores = (category) => results.map((result) => result.scores[category]);
    const budget = LIGHTHOUSE_BUDGETS.performance;
    rows.push({
      name: `${label}: performance${runs > 1 ? `, ${runs} runs` : ''}`,
      figure: scores('performance')
        .map((score) => score.toFixed(2))
        .join(' · '),
      goal: `≥ ${budget}${runs > 1 ? ` in ${runs} of ${runs}` : ''}`,
      pass: goals ? scores('performance').every((score) => score >= budget) : undefined,
      note: results
        .map(({ metrics: m }) =>
          [
            `FCP ${Math.round(m.fcp)} (seen ${Math.round(m.observedFcp)})`,
            `LCP ${Math.round(m.lcp)}`,
            `TBT ${Math.round(m.tbt)} ms`,
            `CLS ${m.cls.toFixed(3)}`,
          ].join(', '),
        )
        .join('; '),
    });
    const others = Object.keys(LIGHTHOUSE_BUDGETS).filter((category) => category !== 'performance');
    const worst = others.map((category) => Math.min(...scores(category)));
    rows.push({
      name: `${label}: ${others.join(' · ')}${runs > 1 ? ' (worst run)' : ''}`,
      figure: worst.map((score) => score.toFixed(2)).join(' · '),
      goal: others.map((category) => `≥ ${LIGHTHOUSE_BUDGETS[category]}`).join(' · '),
      pass: goals ? others.every((category, i) => worst[i] >= LIGHTHOUSE_BUDGETS[category]) : undefined,
    });
    const failing = [...new Set(results.flatMap((result) => result.failing))];
    if (failing.length > 0) log(`audits below 0.9 on ${label}: ${failing.join(', ')}`);
  }
  return rows;
}
