import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createSimulator } from '../../src/simulator';
import { connect, expect, listRows, reportLinkIn, test } from './fixtures';

/**
 * The screenshots in docs/screenshots/, taken from the simulated service after a reset, with the
 * page's clock fixed so that "3 days ago" reads the same on every run. Run this file to refresh
 * them: `E2E_PORT_OFFSET=200 npx playwright test screenshots.spec.ts`.
 */
const DIR = resolve(import.meta.dirname, '../../docs/screenshots');
// A day after the seed's "now" (src/simulator/seed.ts DEFAULT_NOW).
const NOW = new Date('2026-11-02T09:30:00Z');

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function shoot(page: Page, name: string) {
  // Web fonts and lazy chunks are in; no toast, spinner or progress bar is left moving.
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('button', { name: 'Dismiss message' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0);
  await page.screenshot({ path: `${DIR}/${name}.png`, animations: 'disabled', caret: 'hide' });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${size} screenshots`, () => {
    test.use({ viewport, colorScheme: 'light', locale: 'en-GB', timezoneId: 'Europe/London' });

    test(`main pages at ${size} width`, async ({ page }) => {
      await page.clock.setFixedTime(NOW);

      // Settings as a first-time user sees them: the demo, and a connection being typed in.
      await page.goto('/settings');
      await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
      await page.getByLabel('API base URL').fill('https://seo.example.com');
      await page.getByLabel('API key').fill('k3y-0f-y0ur-acc0unt');
      await page.getByLabel('API key').blur();
      await shoot(page, `settings-${size}`);

      await connect(page);
      await page.goto('/reports');
      await expect(listRows(page)).toHaveCount(10);
      await shoot(page, `reports-${size}`);

      await reportLinkIn(listRows(page).first()).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Top issues/, level: 2 })).toBeVisible();
      await shoot(page, `report-${size}`);
      await page
        .getByRole('heading', { name: 'Runs of this page' })
        .evaluate((h) => h.scrollIntoView({ block: 'start' }));
      await expect(page.getByRole('table', { name: /reports of this address/ })).toBeVisible();
      await shoot(page, `report-runs-${size}`);
      await page.evaluate(() => window.scrollTo(0, 0));

      // On a phone the secondary actions are folded under "More actions".
      if (size === 'phone') {
        await page.getByRole('button', { name: /^More actions/ }).click();
        await shoot(page, `report-more-actions-${size}`);
      }
      await page.getByRole('button', { name: 'Delete report' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this report?' })).toBeVisible();
      await shoot(page, `delete-report-dialog-${size}`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/reports/new');
      await page.getByLabel('Page URL').fill('not a url');
      await page.getByRole('button', { name: 'Analyse page' }).click();
      await expect(page.getByText(/Only http and https addresses can be analysed/)).toBeVisible();
      await shoot(page, `new-report-${size}`);

      await page.goto('/projects');
      await expect(listRows(page)).toHaveCount(10);
      await shoot(page, `projects-${size}`);

      await page.goto('/projects/shop.fourthcoffee.com');
      await expect(page.getByRole('list', { name: 'Pages by result (latest run of each)' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Issues of shop.fourthcoffee.com, highest impact first' }),
      ).toBeVisible();
      await shoot(page, `project-${size}`);

      await page.getByRole('navigation', { name: 'Parts of the project' }).getByRole('link', { name: 'Pages' }).click();
      await expect(listRows(page, /^Reports of shop\.fourthcoffee\.com, page/)).toHaveCount(10);
      // The filters come after the rows: shot once they are there, not their empty places.
      await expect(page.getByRole('searchbox', { name: 'Search URLs' })).toBeEditable();
      await shoot(page, `project-pages-${size}`);

      await page
        .getByRole('navigation', { name: 'Parts of the project' })
        .getByRole('link', { name: 'Manage project' })
        .click();
      await page.getByRole('button', { name: 'Delete project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete project shop.fourthcoffee.com?' });
      await dialog.getByRole('textbox').fill('shop.fourthcoffee.com');
      await expect(dialog.getByRole('button', { name: 'Delete project' })).toBeEnabled();
      await shoot(page, `delete-project-dialog-${size}`);
    });
  });
}

test.describe('print screenshots', () => {
  test.use({ viewport: VIEWPORTS.desktop, colorScheme: 'light', locale: 'en-GB', timezoneId: 'Europe/London' });

  test('a report printed for a client: its first PDF pages as images', async ({ page }) => {
    test.skip(spawnSync('pdftoppm', ['-v']).error !== undefined, 'pdftoppm (poppler-utils) is not installed');
    await page.clock.setFixedTime(NOW);
    await connect(page);
    // A report with failures among every known check, and other runs of its page.
    const seeded = createSimulator().store.reports();
    const report = seeded.find(
      (r) =>
        Object.keys(r.results).length >= 31 &&
        Object.values(r.results).some((c) => !c.passed) &&
        seeded.filter((other) => other.url === r.url).length > 2,
    );
    await page.goto(`/reports/${report?.id}`);
    await page.getByRole('region', { name: 'Runs of this page' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('table', { name: /reports of this address/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.emulateMedia({ media: 'print' });
    const pdf = resolve(import.meta.dirname, '../../test-results/report-print.pdf');
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    const converted = spawnSync('pdftoppm', [
      '-r',
      '80',
      '-png',
      '-f',
      '1',
      '-l',
      '2',
      pdf,
      `${DIR}/report-print-page`,
    ]);
    expect(converted.status, String(converted.stderr)).toBe(0);
  });
});

test.describe('dark screenshots', () => {
  test.use({ viewport: VIEWPORTS.desktop, colorScheme: 'dark', locale: 'en-GB', timezoneId: 'Europe/London' });

  test('the reports list in dark mode', async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    await connect(page);
    await page.goto('/reports');
    await expect(listRows(page)).toHaveCount(10);
    await shoot(page, 'reports-dark-desktop');
  });
});
