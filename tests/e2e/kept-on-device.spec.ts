import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * "Kept on this device" in a real browser: a project's audit kept in IndexedDB shows in the
 * settings page's figures; the retention rules' preview names it once it is old enough, and the
 * confirmation removes it, in this tab's figures and another tab's; and when the browser removes
 * the data between visits, the next visit says so instead of starting over silently.
 */

const PROJECT = 'docs.contoso.com';
const DAY = 24 * 3600 * 1000;

async function keepAnAudit(page: Page) {
  await connect(page);
  await page.goto(`/projects/${PROJECT}`);
  await expect(page.getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeVisible();
  // The audit is on screen before its copy is written: leaving at once can abort the write (a
  // cache: the next visit reads the project again), and the figures would then find nothing.
  await page.waitForFunction(auditKept);
}

/** Whether the device's audit store holds a project's read (features/audit/device-store.ts). */
async function auditKept(): Promise<boolean> {
  // Opened only once the app made it: opening a missing database would make it, without its store.
  if (!(await indexedDB.databases()).some((db) => db.name === 'seo-dashboard-audit')) return false;
  return new Promise((resolve) => {
    const open = indexedDB.open('seo-dashboard-audit');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('projects')) {
        db.close();
        resolve(false);
        return;
      }
      const keys = db.transaction('projects').objectStore('projects').getAllKeys();
      keys.onerror = () => {
        db.close();
        resolve(false);
      };
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.some((key) => Array.isArray(key) && key[0] === 'meta'));
      };
    };
  });
}

const part = (page: Page) => page.getByRole('region', { name: 'Kept on this device' });
const row = (page: Page, kind: string) => part(page).getByRole('row', { name: new RegExp(`^${kind}`) });

test('the kept audit in the figures, its removal previewed, confirmed, and seen in another tab', async ({
  page,
  context,
}) => {
  await keepAnAudit(page);
  // The figures of a kept audit, read a year later, when the rules would remove it.
  await page.clock.setFixedTime(new Date(Date.now() + 400 * DAY));
  await page.goto('/settings');
  await expect(part(page).getByRole('heading', { name: 'Kept on this device' })).toBeVisible();
  await expect(row(page, 'Kept audits')).toContainText(/1 project\s*[\d.]+ (kB|MB)/);
  await expect(row(page, 'Results before a re-analysis')).toContainText('0 reports');

  // Another tab shows the same figures.
  const other = await context.newPage();
  await other.clock.setFixedTime(new Date(Date.now() + 400 * DAY));
  await other.goto('/settings');
  await expect(row(other, 'Kept audits')).toContainText('1 project');

  await part(page).getByLabel('Runs to keep per page').fill('5');
  await part(page).getByLabel('Remove what is older than (months)').fill('12');
  await part(page).getByRole('button', { name: 'Preview what would go' }).click();
  await expect(part(page).getByText(/^1 kept audit would be removed, [\d.]+ (kB|MB)\.$/)).toBeVisible();
  // Nothing goes before the confirmation.
  await expect(row(page, 'Kept audits')).toContainText('1 project');

  await part(page).getByRole('button', { name: 'Remove them' }).click();
  await expect(part(page).getByText('Removed 1 kept audit.')).toBeVisible();
  await expect(part(page).getByText(/^Nothing is kept on this device yet\./)).toBeVisible();
  // The other tab's figures follow.
  await expect(part(other).getByText(/^Nothing is kept on this device yet\./)).toBeVisible();
});

test('a visit after the browser removed what was kept says so, and is dismissed', async ({ page }) => {
  await keepAnAudit(page);
  await page.goto('/settings');
  await expect(row(page, 'Kept audits')).toContainText('1 project');
  // No notice while everything is there.
  await page.goto('/reports');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(/the browser removed/)).toHaveCount(0);

  // The browser removes the origin's IndexedDB between visits (no page of the app open meanwhile).
  await page.goto('/favicon.svg');
  await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error ?? new Error(name));
          }),
      ),
    );
  });

  await page.goto('/reports');
  const line = page.getByText(/^Since your last visit, the browser removed what the dashboard kept/);
  await expect(line).toBeVisible();
  await line.getByRole('link', { name: 'See what is kept' }).click();
  await expect(
    part(page).getByText(/the browser removed what the dashboard kept on this device: kept audits \(1 project\)/),
  ).toBeVisible();
  await part(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(part(page).getByText(/the browser removed/)).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(/the browser removed/)).toHaveCount(0);
});
