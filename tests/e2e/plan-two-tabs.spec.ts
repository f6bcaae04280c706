import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { connect, expect, simulator, test } from './fixtures';

/**
 * A re-analysis plan that falls due while two tabs of one browser are open (one context: one
 * IndexedDB, BroadcastChannel, Web Locks), against the simulated service over HTTP: exactly one
 * tab starts it (decision 74), and the other sees it in its tray as it goes (issue 28 item 4).
 */

const PROJECT = 'alpineskihouse.com';
/** The demo's project has 6 pages; the plan's run is a new run of each. */
const PAGES = 6;
const TITLE = `Analyse ${PAGES} pages of ${PROJECT} again (weekly plan)`;
const OUT = resolve(import.meta.dirname, '../../test-results/site-changes');

const jobIn = (tab: Page) => tab.getByRole('region', { name: /Background jobs/ }).getByRole('article', { name: TITLE });

/**
 * Until the job's card shows in a tab's tray (saying `words`, if given), opened when it has folded
 * to one line: it folds by itself when its jobs are over, which may come between two steps.
 */
const seeJobIn = (tab: Page, words?: string | RegExp) =>
  expect(async () => {
    const show = tab.getByRole('button', { name: 'Show background jobs' });
    if (await show.isVisible()) await show.click();
    await expect(jobIn(tab)).toBeVisible({ timeout: 1_000 });
    if (words) await expect(jobIn(tab)).toContainText(words, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

test('a due plan is started once across two tabs, and the other tab sees it in its tray', async ({ page, context }) => {
  await connect(page);
  // Each page's analysis takes 5 s (two rounds of four): the job is still running while both tabs
  // are looked at, on a busy machine too. A tab whose queue first reads the job once it is over
  // keeps it as a finished job of its own, with nothing to say about another tab.
  await simulator.config({ analysisDelayMs: 5_000 });
  await page.goto(`/projects/${PROJECT}`);
  await expect(page.getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // Weekly, by itself: the project was last analysed weeks ago, so it is due as soon as it is saved.
  await page
    .getByRole('navigation', { name: 'Parts of the project' })
    .getByRole('link', { name: 'Watch and plan' })
    .click();
  const form = page.getByRole('form', { name: 'Watch and re-analyse' });
  await form.getByLabel('Cadence').selectOption('weekly');
  await form.getByLabel('Start by itself when due').check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  // Both tabs show the one job: one runs it, the other says so and leaves its controls to it.
  await seeJobIn(other);
  await seeJobIn(page);
  // A tab's card may show before it knows which tab runs the job: wait until one of them says so.
  // A short job may be over by then, its tray folded to one line: opened to read the card.
  const saysOtherTab = async (tab: Page) => {
    const show = tab.getByRole('button', { name: 'Show background jobs' });
    if (await show.isVisible()) await show.click();
    return jobIn(tab)
      .getByText(/in another tab/)
      .count();
  };
  await expect
    .poll(async () => (await saysOtherTab(page)) + (await saysOtherTab(other)), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const [runner, watcher] = (await saysOtherTab(page)) > 0 ? [other, page] : [page, other];
  await seeJobIn(watcher, /(Running|Finished) in another tab\./);
  await expect(jobIn(watcher).getByRole('button', { name: /^(Pause|Cancel)/ })).toHaveCount(0);
  // The tab that ran it folds its tray to one line once the job is over (decision 68): opened
  // to read the card, which has its own words, not the other tab's.
  await seeJobIn(runner);
  await expect(jobIn(runner)).not.toContainText('in another tab');

  await watcher.setViewportSize({ width: 1280, height: 800 });
  mkdirSync(OUT, { recursive: true });
  await watcher.screenshot({ path: `${OUT}/plan-other-tab-desktop.png` });
  await watcher.setViewportSize({ width: 390, height: 844 });
  await watcher.screenshot({ path: `${OUT}/plan-other-tab-phone.png` });

  // It ends, and each page was analysed once: one new run each, not one per tab.
  const stores = async () =>
    (await simulator.requests()).filter(
      (request) => request.method === 'POST' && request.path.startsWith('/api/v1/reports'),
    ).length;
  await expect.poll(stores, { timeout: 45_000 }).toBe(PAGES);
  // Once every job is over, a tray folds to one line; opened, the other tab's card says where it ran.
  const watcherTray = watcher.getByRole('region', { name: /Background jobs/ });
  await seeJobIn(watcher, 'Finished in another tab.');
  await expect(watcherTray.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  expect(await stores()).toBe(PAGES);
  // The plan says when it last started, in both tabs' workspace.
  await other.reload();
  await expect(other.getByText(/Last started/)).toBeVisible();
});
