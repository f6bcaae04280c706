import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_KEY } from '../../playwright.config';
import { englishCheckTitle as checkTitle } from '../../src/lib/check-titles';
import { paths } from '../../src/lib/paths';
import { CHECK_GROUPS, createSimulator, type ReportRecord } from '../../src/simulator';
import { connect, expect, simulator, test } from './fixtures';

/**
 * The report page as an analyst triages it and as a client receives it: findings first at desktop
 * and phone size, the print layout and its PDF, results kept across a reload, the place in a list
 * view, the landing after a delete, and leaving while a page is analysed.
 */

// The seed is deterministic (src/simulator/seed.ts): the reports the service serves are these.
const seeded = createSimulator().store.reports();
function seededReport(what: string, predicate: (report: ReportRecord) => boolean): ReportRecord {
  const report = seeded.find(predicate);
  if (!report) throw new Error(`the seed has no ${what}`);
  return report;
}
const failing = (report: ReportRecord, importance: string) =>
  Object.entries(report.results).filter(([, check]) => !check.passed && check.importance === importance);
const runsOf = (report: ReportRecord) => seeded.filter((other) => other.url === report.url);
const checkGroupOf = (name: string) =>
  Object.entries(CHECK_GROUPS).find(([, names]) => names.includes(name))?.[0] ?? 'other';

/** A high-importance failure outside the first group, and a medium one in it (SEO). */
const CROSS_GROUPS = seededReport(
  'report failing across groups',
  (r) =>
    failing(r, 'high').some(([name]) => checkGroupOf(name) !== 'seo') &&
    failing(r, 'medium').some(([name]) => checkGroupOf(name) === 'seo'),
);
const LATER_HIGH = checkTitle(failing(CROSS_GROUPS, 'high').find(([name]) => checkGroupOf(name) !== 'seo')![0]);
const FIRST_GROUP_MEDIUM = checkTitle(
  failing(CROSS_GROUPS, 'medium').find(([name]) => checkGroupOf(name) === 'seo')![0],
);
/** Some failures among every known check, and other runs of its page. */
const FOR_PRINT = seededReport(
  'report with failures and other runs',
  (r) => Object.keys(r.results).length >= 31 && Object.values(r.results).some((c) => !c.passed) && runsOf(r).length > 2,
).id;
/** A public report with failures, whose re-analysis moves measured values. */
const TO_REANALYSE = seededReport(
  'public report with failures',
  (r) => r.privacy === 0 && Object.values(r.results).some((c) => !c.passed),
).id;
/** A project with more than two pages of reports: its second page stays full after a delete. */
const BIG_PROJECT = seededReport(
  'project of 21 reports',
  (r) => seeded.filter((other) => other.project === r.project).length > 20,
).project;
const OUT = resolve(import.meta.dirname, '../../test-results/report-page');

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, screens: 1 },
  { name: 'phone', viewport: { width: 390, height: 844 }, screens: 1.5 },
] as const;

const RANK: Record<string, number> = { High: 0, Medium: 1, Low: 2 };
const GROUPS = ['SEO', 'Performance', 'Security', 'Miscellaneous', 'Other'];

async function issues(page: Page) {
  const list = page.getByRole('list', { name: 'Failed checks, most important first' });
  await expect(list).toBeVisible();
  return list.locator(':scope > li');
}

for (const size of SIZES) {
  test.describe(`findings first, ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test(`the first failed check is within ${size.screens} screen(s), failures of all groups by importance`, async ({
      page,
    }) => {
      await connect(page);
      const searches: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/reports?')) searches.push(request.url());
      });
      await page.goto(`/reports/${CROSS_GROUPS.id}`);
      const items = await issues(page);
      const first = await items.first().boundingBox();
      expect(first, 'the first failed check is on the page').not.toBeNull();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(first!.y).toBeLessThan(size.viewport.height * size.screens);
      // The score comes before everything else of the report.
      const score = await page.getByRole('meter').boundingBox();
      expect(score!.y).toBeLessThan(first!.y);

      const order = await items.evaluateAll((lis) =>
        lis.map((li) => [
          li.querySelector('.check__importance')?.textContent?.split(' ')[0] ?? '',
          li.querySelector('.check__group')?.textContent ?? '',
          li.querySelector('.check__title')?.textContent ?? '',
        ]),
      );
      const ranks = order.map(([importance, group]) => [RANK[importance!] ?? 3, GROUPS.indexOf(group!)] as const);
      expect(ranks).toEqual([...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      const titles = order.map(([, , title]) => title);
      // A high-importance failure in a later group comes before a medium one in the first group.
      expect(titles).toContain(FIRST_GROUP_MEDIUM);
      expect(titles.indexOf(LATER_HIGH)).toBeLessThan(titles.indexOf(FIRST_GROUP_MEDIUM));
      // Passed checks are folded: the page is short enough to scan.
      await expect(page.getByRole('button', { name: /^Show \d+ passed SEO checks$/ })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      // Runs of the page are looked up when their section comes near the screen, not before.
      const runs = page.getByRole('region', { name: 'Runs of this page' });
      const runsBox = await runs.boundingBox();
      if (runsBox!.y > size.viewport.height * 2) expect(searches).toEqual([]);
      await runs.scrollIntoViewIfNeeded();
      await expect(
        runs
          .getByRole('table')
          .or(runs.getByText(/^This is the only report of/))
          .first(),
      ).toBeVisible();
      expect(searches.length).toBeGreaterThan(0);
    });

    test('the secondary actions (print, the checks as CSV, delete) are in the row, or under "More actions" on a phone', async ({
      page,
    }) => {
      await connect(page);
      await page.goto(`/reports/${CROSS_GROUPS.id}`);
      const actions = page.getByRole('group', { name: 'Report actions' });
      await expect(actions.getByRole('button', { name: 'Re-analyse page' })).toBeVisible();
      const secondary = ['Print / save as PDF', 'Download checks (CSV)', 'Delete report'];
      const more = actions.getByRole('button', { name: /^More actions/ });
      if (size.name === 'desktop') {
        await expect(more).toBeHidden();
        for (const name of secondary) await expect(actions.getByRole('button', { name })).toBeVisible();
        return;
      }
      // One row of two primary actions and the fold: the findings start higher.
      for (const name of secondary) await expect(actions.getByRole('button', { name })).toBeHidden();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      for (const name of secondary) await expect(actions.getByRole('button', { name })).toBeVisible();
      // They work from the fold: the delete asks first.
      await actions.getByRole('button', { name: 'Delete report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.viewport.width);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

test.describe('print and PDF', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('prints the report for a client: no navigation or controls, failed first, passed included, no check split', async ({
    page,
  }) => {
    await connect(page);
    await page.goto(`/reports/${FOR_PRINT}`);
    await issues(page);
    // The runs are looked up when their section comes near the screen (or before printing).
    await page.getByRole('region', { name: 'Runs of this page' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('table', { name: /reports of this address/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print / save as PDF' })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      page.getByRole('navigation', { name: 'Main' }),
      page.getByRole('navigation', { name: 'Reports' }),
      page.getByRole('group', { name: 'Report actions' }),
      page.getByRole('button', { name: 'Copy link' }),
      page.getByRole('combobox', { name: 'Compare this report with' }),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await expect(page.locator('button:visible')).toHaveCount(0);
    await expect(page.getByText('SEO report', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Every check, failed ones first, the passed ones unfolded.
    const checks = page.locator('.check');
    const statuses = await checks.evaluateAll((items) =>
      items.map((item) => (item.classList.contains('check--failed') ? 'failed' : 'passed')),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(31);
    expect(statuses).toEqual([...statuses].sort());
    for (const check of await checks.all()) await expect(check).toBeVisible();
    expect(await checks.evaluateAll((items) => items.map((item) => getComputedStyle(item).breakInside))).toEqual(
      statuses.map(() => 'avoid'),
    );
    // Exact dates on paper, not "3 days ago" alone.
    await expect(page.locator('.report-details time .visually-hidden').first()).toBeVisible();

    mkdirSync(OUT, { recursive: true });
    const pdf = await page.pdf({ path: `${OUT}/report.pdf`, format: 'A4', printBackground: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(readFileSync(`${OUT}/report.pdf`).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test.describe('a report is whole wherever it is taken', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('on screen, without scrolling: every check is drawn, in the page text and in a full-page capture', async ({
    page,
  }) => {
    await connect(page);
    await page.goto(`/reports/${FOR_PRINT}`);
    await issues(page);
    const checks = page.locator('.check');
    const results = Object.keys(seeded.find((report) => report.id === FOR_PRINT)?.results ?? {}).length;
    await expect.poll(() => checks.count()).toBeGreaterThanOrEqual(results);
    // The passed checks, folded by group on screen, unfolded as a person would.
    const show = page.getByRole('button', { name: /^Show \d+ passed / });
    while ((await show.count()) > 0) await show.first().click();
    // Nothing is left to be laid out when scrolled near: a check far below the first screen has
    // its own height, and its words are in the text a browser's find, a copy or a screen reader
    // reads (innerText leaves out what is not rendered).
    const text = await page.locator('main').innerText();
    for (const title of await checks.locator('.check__title').allInnerTexts()) expect(text).toContain(title);
    const last = checks.last();
    expect(await last.evaluate((item) => getComputedStyle(item).contentVisibility)).not.toBe('auto');
    expect(await last.evaluate((item) => item.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: `${OUT}/report-full-page.png`, fullPage: true });
  });
});

test.describe('results kept on this device', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('what changed in a re-analysis survives a reload, keyed without the key, and goes with the key', async ({
    page,
  }) => {
    await connect(page);
    await page.goto(`/reports/${TO_REANALYSE}`);
    await issues(page);
    const scoreBefore = await page.getByRole('meter').getAttribute('value');
    await page.getByRole('button', { name: 'Re-analyse page' }).click();
    const changes = page.getByRole('region', { name: 'What changed since the previous analysis' });
    await expect(changes).toBeVisible({ timeout: 30_000 });
    const scoreAfter = await page.getByRole('meter').getAttribute('value');
    await expect(changes).toContainText(`Score ${scoreBefore} → ${scoreAfter}`);
    const rows = await changes.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);

    await page.reload();
    await expect(changes).toBeVisible();
    await expect(changes).toContainText(`Score ${scoreBefore} → ${scoreAfter}`);
    await expect(changes.getByRole('row')).toHaveCount(rows);
    await expect(page.getByText(/^Since the previous analysis/)).toContainText(`score ${scoreBefore} → ${scoreAfter}`);

    const stored = await storedKeys(page);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).toContain(`"${TO_REANALYSE}"`);
    expect(JSON.stringify(stored)).not.toContain(E2E_KEY);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Forget key' }).click();
    await expect.poll(() => storedKeys(page)).toEqual([]);
  });
});

/** The keys of what the report page kept in IndexedDB. */
function storedKeys(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((done, fail) => {
        const open = indexedDB.open('seo-dashboard-previous-results');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('results')) return done([]);
          const request = db.transaction('results').objectStore('results').getAllKeys();
          request.onsuccess = () => done(request.result);
          request.onerror = () => fail(request.error);
        };
      }),
  );
}

/** The page's scroll position once it is past `above` and has stopped moving (two equal readings). */
async function scrollWhenStill(page: Page, above: number): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still ? y : 0;
    })
    .toBeGreaterThan(above);
  return last;
}

test.describe('the analyst’s place', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const VIEW = '/reports?result=bad&sort_by=url&sort=asc&per_page=25&page=2';

  test('previous / next within a filtered, sorted, paged view, and back to the same view, scroll and row', async ({
    page,
  }) => {
    await connect(page);
    await page.goto(VIEW);
    const links = page.locator('tbody a.report-link');
    await expect(links).toHaveCount(25);
    // The parts that load after the first rows (the selection bar, the scroll keeper) are in: the
    // scroll keeper, once mounted, starts a fresh page at the top (a scroll before then is lost).
    await expect(page.getByText('No reports selected.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const row = links.nth(17);
    await row.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    // The wheel scrolls smoothly: the position counts once it is down the list and has stopped moving.
    const scrolled = await scrollWhenStill(page, 300);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await row.click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[17]}$`));
    await expect(page.getByRole('navigation', { name: 'Reports' })).toContainText('43 of');

    await page.getByRole('link', { name: /^Next report/ }).click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[18]}$`));
    await page.getByRole('link', { name: /^Next report/ }).click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[19]}$`));
    await page.getByRole('link', { name: /^‹ Previous report/ }).click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[18]}$`));

    await page.getByRole('link', { name: '← Back to the list' }).click();
    await expect(page).toHaveURL(new RegExp(`${VIEW.replace(/[?]/g, '\\?')}$`));
    await expect(links).toHaveCount(25);
    // Where the list was left (clicking a row may have scrolled it a little), with the row in view.
    // The browser's back first restores the position recorded for the list, then the followed row
    // is put back where it was on screen over the next frames: the position counts once still.
    expect(await scrollWhenStill(page, scrolled - 50)).toBeLessThan(scrolled + 50);
    await expect(links.nth(18)).toBeFocused();
    await expect(links.nth(18)).toBeInViewport();

    // The browser's own back from a report opened from the list does the same.
    await links.nth(3).click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[3]}$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${VIEW.replace(/[?]/g, '\\?')}$`));
    await expect(links).toHaveCount(25);
  });

  test('after a delete, the person lands on the project view it was opened from, with the row gone', async ({
    page,
  }) => {
    await connect(page);
    await page.goto(`${paths.projectPages.getHref(BIG_PROJECT)}?page=2`);
    const links = page.locator('tbody a.report-link');
    await expect(links).toHaveCount(10);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await links.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[2]}$`));
    await page.getByRole('button', { name: 'Delete report' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this report?' })
      .getByRole('button', { name: 'Delete report' })
      .click();

    await expect(page).toHaveURL(
      new RegExp(`${paths.projectPages.getHref(BIG_PROJECT).replace(/\./g, '\\.')}\\?page=2$`),
    );
    await expect(page.getByText('Report deleted')).toBeVisible();
    await expect(page.locator(`tbody a.report-link[href="${hrefs[2]}"]`)).toHaveCount(0);
    await expect(links).toHaveCount(10);
    await expect(page.locator(`tbody a.report-link[href="${hrefs[3]}"]`)).toBeFocused();
  });
});

test.describe('leaving while a page is analysed', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('no false warning; the new report is announced with a link when it is ready', async ({ page }) => {
    await connect(page);
    await simulator.config({ analysisDelayMs: 3000 });
    await page.goto('/reports/new');
    await page.getByLabel('Page URL').fill('example.com/e2e-left-behind');
    await page.getByRole('button', { name: 'Analyse page' }).click();
    await expect(page.getByText(/can take up to 2 minutes\. You can leave this page/)).toBeVisible();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });

    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
    const notice = page.locator('.toast').filter({ hasText: 'Report created for example.com/e2e-left-behind.' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/projects$/);
    await notice.getByRole('link', { name: 'Open the report' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report for example.com/e2e-left-behind');
    expect(dialogs).toBe(0);
  });
});
