// Lighthouse 12 (default mobile preset, simulated throttling) in Debian's Chromium against the
// production build behind nginx. Lighthouse starts from a fresh profile, i.e. the demo; with
// `connection` the saved connection is put in localStorage first (and storage reset is off).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { BENCH_KEY } from './servers.mjs';

export const LIGHTHOUSE_BUDGETS = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 };

export async function runLighthouse(url, { connection } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    if (connection) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/config.json', url).href);
      await page.evaluate(
        (value) => localStorage.setItem('seo-dashboard.connection', value),
        JSON.stringify({ baseUrl: connection.baseUrl, apiKey: BENCH_KEY }),
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
