// The dashboard in another language (issue 39): what German adds to the first paint of /reports,
// and how long a change of language on the settings page takes to show, with the CPU slowed 4x.
//   npm run bench -- --only language
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { CPU_SLOWDOWN } from './interactions.mjs';
import { BENCH_DIST, BENCH_KEY, NGINX_PROXY_URL, SIMULATOR_URL, resetSimulator } from './servers.mjs';
import { CONNECTION_KEY, ROWS, newPage } from './page.mjs';

export const LANGUAGE_TITLE = `The dashboard in another language (issue 39; nginx + simulator; the switch with the CPU slowed ${CPU_SLOWDOWN}x, median of 3 after a warm-up; just this: npm run bench -- --only language)`;
const GERMAN_SHARE_GOAL_KB = 6;
const SWITCH_GOAL_MS = 300;
const WARM_UP_RUNS = 1;
const MEASURED_RUNS = 3;

const gzipKb = (file) => gzipSync(readFileSync(join(BENCH_DIST, file)), { level: 9 }).length / 1000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The JavaScript files a page fetched, as paths of the build (assets/…). */
async function scriptsFetched(page) {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.js(\?|$)/.test(name)),
  );
  return new Set(urls.map((url) => new URL(url).pathname.replace(/^\//, '')));
}

/**
 * /reports until its rows are on screen, in a browser whose languages are `locale`'s; with
 * `untilQuiet`, until the network is quiet too (the parts loaded after the first paint, when idle).
 */
async function firstPaintScripts(browser, locale, { untilQuiet = false } = {}) {
  const context = await browser.newContext({ locale });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [CONNECTION_KEY, JSON.stringify({ baseUrl: SIMULATOR_URL, apiKey: BENCH_KEY })],
  );
  const page = await context.newPage();
  await page.goto(`${NGINX_PROXY_URL}/reports`);
  await page.locator(ROWS).first().waitFor();
  if (untilQuiet) await page.waitForLoadState('networkidle');
  const lang = await page.evaluate(() => document.documentElement.lang);
  const scripts = await scriptsFetched(page);
  await context.close();
  return { lang, scripts };
}

/**
 * From the input (the select's change, as a person's keyboard makes it) to the first frame with
 * the page in the new language (`<html lang>` set and the settings heading in its words): the
 * catalogs are fetched meanwhile, as on a first choice.
 */
async function switchOnce(browser, to) {
  const { context, page } = await newPage(browser);
  await page.goto(`${NGINX_PROXY_URL}/settings`);
  const control = page.getByRole('combobox', { name: 'Language' });
  await control.waitFor();
  await control.focus();
  await page.evaluate((locale) => {
    window.__switched = new Promise((resolve) => {
      let input = 0;
      document.addEventListener('change', (event) => (input = event.timeStamp), { capture: true, once: true });
      const watch = () => {
        if (document.documentElement.lang.startsWith(locale)) {
          // The frame that shows it: the paint after this style and layout.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - input)));
        } else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
  }, to.locale);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await control.selectOption(to.locale);
  const ms = await page.evaluate(() => window.__switched);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await context.close();
  if (heading !== to.settingsTitle) throw new Error(`After switching to ${to.locale}, the page says "${heading}".`);
  return ms;
}

export async function runLanguageBench() {
  await resetSimulator();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    // English's files until the network is quiet: what it fetches anyway, after its first paint.
    // German's rows wait for its words; the parts English loads when idle may come meanwhile and
    // are not German's share (counting them made the figure depend on the machine's timing).
    const english = await firstPaintScripts(browser, 'en-US', { untilQuiet: true });
    // Whether a later part's German words come before the rows or just after is a race: the
    // median of three visits, each said.
    const visits = [];
    for (let run = 0; run < MEASURED_RUNS; run += 1) {
      const german = await firstPaintScripts(browser, 'de-DE');
      if (!german.lang.startsWith('de')) throw new Error(`A German browser got <html lang="${german.lang}">.`);
      const added = [...german.scripts].filter((file) => !english.scripts.has(file));
      visits.push({ added, kb: added.reduce((sum, file) => sum + gzipKb(file), 0) });
    }
    visits.sort((a, b) => a.kb - b.kb);
    const middle = visits[Math.floor(visits.length / 2)];
    rows.push({
      name: 'German’s share of the first paint of /reports (files a German browser fetches before its rows, beyond all English fetches; median of 3)',
      figure: `${middle.kb.toFixed(1)} kB gzip`,
      goal: `≤ ${GERMAN_SHARE_GOAL_KB}`,
      pass: middle.kb <= GERMAN_SHARE_GOAL_KB,
      note: `runs ${visits.map((visit) => visit.kb.toFixed(1)).join(', ')} kB; the median's files: ${middle.added.join(', ') || 'none'}`,
    });

    for (const to of [
      { locale: 'de', settingsTitle: 'Einstellungen' },
      { locale: 'ru', settingsTitle: 'Настройки' },
    ]) {
      const runs = [];
      for (let run = 0; run < WARM_UP_RUNS + MEASURED_RUNS; run += 1) {
        const ms = await switchOnce(browser, to);
        if (run >= WARM_UP_RUNS) runs.push(ms);
      }
      const ms = median(runs);
      rows.push({
        name: `change of language on /settings, English → ${to.locale} (its catalogs fetched), input to the frame that shows it`,
        figure: `${Math.round(ms)} ms`,
        goal: `≤ ${SWITCH_GOAL_MS}`,
        pass: ms <= SWITCH_GOAL_MS,
        note: `runs ${runs.map((value) => Math.round(value)).join(', ')}`,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
