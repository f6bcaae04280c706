import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * The audit in a real browser against the simulated service over HTTP: from the overview to an
 * issue to a report; the audit kept in IndexedDB across a reload; and the new pages looked at
 * (screenshots at desktop and phone width, axe) once their data shows.
 */

const SHOTS = resolve(import.meta.dirname, '../../docs/screenshots');
const NOW = new Date('2026-11-02T09:30:00Z');
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const issuesTable = (page: Page, project: string) =>
  page.getByRole('table', { name: `Issues of ${project}, highest impact first` });

test('from the overview to an issue to a report', async ({ page }) => {
  await connect(page);
  // A project read on this device (it is small: read on the first visit).
  await page.goto('/projects/docs.contoso.com');
  await expect(issuesTable(page, 'docs.contoso.com')).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const issues = page.getByRole('table', { name: 'Most common issues, most failing pages first' });
  const first = issues.getByRole('row').nth(1).getByRole('link');
  const title = (await first.textContent()) ?? '';
  await first.click();

  await expect(page).toHaveURL(/\/reports\?failing=[a-z0-9_]+&latest=1$/);
  const list = page.getByRole('table', {
    name: new RegExp(`^Reports, failing ${title}, latest run of each URL, page 1 of`),
  });
  await expect(list).toBeVisible();
  const report = list.getByRole('row').nth(1).locator('a.report-link');
  const url = (await report.textContent()) ?? '';
  await report.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toContainText(url);
  // The issue is there, failed, on the report.
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
});

test('the audit is kept across a reload and refreshed with one request', async ({ page }) => {
  await connect(page);
  await page.goto('/projects/shop.fourthcoffee.com');
  await expect(issuesTable(page, 'shop.fourthcoffee.com')).toBeVisible();
  const rows = await issuesTable(page, 'shop.fourthcoffee.com').getByRole('row').allTextContents();

  const reads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/reports\?.*sort_by=generated_at/.test(request.url())) reads.push(request.url());
  });
  await page.reload();
  await expect(issuesTable(page, 'shop.fourthcoffee.com')).toBeVisible();
  expect(await issuesTable(page, 'shop.fourthcoffee.com').getByRole('row').allTextContents()).toEqual(rows);
  await expect(page.getByText(/checked for changes/)).toBeVisible();
  expect(reads).toHaveLength(1);

  // An issue's pages, and back.
  await issuesTable(page, 'shop.fourthcoffee.com').getByRole('link', { name: 'Meta description' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Meta description on shop.fourthcoffee.com' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: /^Pages failing Meta description/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download these pages (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('shop.fourthcoffee.com-meta_description-pages.csv');
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`overview, audit and issue pages at ${size} width: screenshots and axe`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.clock.setFixedTime(NOW);
    const found: string[] = [];
    await connect(page);

    await page.goto('/projects/shop.fourthcoffee.com');
    await expect(issuesTable(page, 'shop.fourthcoffee.com')).toBeVisible();
    await expect(page.getByText(/checked for changes|read .* ago/).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/audit-${size}.png`, fullPage: false });
    found.push(...(await seriousViolations(page)).map((v) => `audit: ${v}`));

    await issuesTable(page, 'shop.fourthcoffee.com').getByRole('link', { name: 'Meta description' }).click();
    await expect(page.getByRole('table', { name: /^Pages failing Meta description/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/issue-${size}.png` });
    found.push(...(await seriousViolations(page)).map((v) => `issue: ${v}`));
    await page.emulateMedia({ colorScheme: 'dark' });
    found.push(...(await seriousViolations(page)).map((v) => `issue (dark): ${v}`));
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/reports?project=shop.fourthcoffee.com&failing=meta_description&latest=1');
    await expect(page.getByRole('table', { name: /failing Meta description, latest run of each URL/ })).toBeVisible();
    found.push(...(await seriousViolations(page)).map((v) => `failing filter: ${v}`));

    await page.goto('/');
    await expect(page.getByRole('table', { name: 'Most common issues, most failing pages first' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Projects by health, lowest first' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Reports by rating' })).not.toContainText('…');
    // The chart's code loads once the device has said a project is read: the picture waits for it.
    await expect(page.getByRole('img', { name: 'Health of the account over time' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overview-${size}.png`, fullPage: true });
    found.push(...(await seriousViolations(page)).map((v) => `overview: ${v}`));

    await page.emulateMedia({ colorScheme: 'dark' });
    found.push(...(await seriousViolations(page)).map((v) => `overview (dark): ${v}`));
    expect(found, found.join('\n')).toEqual([]);
  });
}
