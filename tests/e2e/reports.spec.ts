import type { Page } from '@playwright/test';
import { connect, expect, listRows, publicReportRows, reportLinkIn, test } from './fixtures';

/** Opens the newest public report of the list and returns its id and URL as the list showed them. */
async function openFirstPublicReport(page: Page) {
  await page.goto('/reports');
  const link = reportLinkIn(publicReportRows(page).first());
  await expect(link).toBeVisible();
  const url = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report for ${url}`);
  return { id, url };
}

/** The privacy among the report's facts: the one definition that reads as a privacy setting. */
const privacyDetail = (page: Page) =>
  page.getByRole('definition').filter({ hasText: /^(Public|Private|Password \(.+\))$/ });

test('a report: privacy to password and back, re-analyse and see what changed, then delete it', async ({ page }) => {
  await connect(page);
  const { id, url } = await openFirstPublicReport(page);
  await expect(privacyDetail(page)).toHaveText('Public');
  await page.getByRole('button', { name: 'Privacy: Public' }).click();

  // Password without a password: the form says what is missing and sends nothing.
  const save = page.getByRole('button', { name: 'Save privacy' });
  await expect(save).toBeDisabled();
  await page.getByRole('radio', { name: /^Password/ }).check();
  await save.click();
  await expect(page.getByText('Enter a password, or choose another privacy setting.')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('correct horse');
  const patch = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().endsWith(`/api/v1/reports/${id}`),
  );
  await save.click();
  const sent = new URLSearchParams((await patch).postData() ?? '');
  expect(sent.get('privacy')).toBe('2');
  expect(sent.get('password')).toBe('correct horse');
  await expect(page.getByText('Privacy saved.')).toBeVisible();
  await expect(privacyDetail(page)).toHaveText('Password (a password is set)');
  await expect(password).toHaveValue('');

  // The service holds it: a reload shows it from the service, not from this page's memory.
  await page.reload();
  await expect(privacyDetail(page)).toHaveText('Password (a password is set)');
  await page.getByRole('button', { name: 'Privacy: Password' }).click();
  await expect(page.getByRole('radio', { name: /^Password/ })).toBeChecked();

  await page.getByRole('radio', { name: /^Public/ }).check();
  await expect(page.getByText('The current password is removed when privacy is not “Password”.')).toBeVisible();
  const back = page.waitForRequest((request) => request.method() === 'PATCH');
  await page.getByRole('button', { name: 'Save privacy' }).click();
  const sentBack = new URLSearchParams((await back).postData() ?? '');
  expect(sentBack.get('privacy')).toBe('0');
  expect(sentBack.has('password')).toBe(false);
  await expect(privacyDetail(page)).toHaveText('Public');

  // Re-analyse: it says it is working, then what changed.
  await page.getByRole('button', { name: 'Re-analyse page' }).click();
  await expect(page.getByRole('button', { name: 'Re-analysing…' })).toBeDisabled();
  await expect(
    page.getByText(/Re-analysing… This usually takes a few seconds and can take up to 2 minutes\./),
  ).toBeVisible();
  const changes = page.getByRole('region', { name: 'What changed since the previous analysis' });
  await expect(changes).toBeVisible({ timeout: 30_000 });
  await expect(changes).toContainText(/Score \d+ → \d+ \([+−-]?\d+\)|The scores cannot be compared/);
  await expect(changes.getByRole('cell', { name: /^(Newly failing|Fixed|Value changed)$/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-analyse page' })).toBeEnabled();

  // Delete: a confirmation first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
  await expect(dialog).toContainText(url);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete report' }).click();
  await dialog.getByRole('button', { name: 'Delete report' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByText('Report deleted')).toBeVisible();
  await expect(listRows(page)).toHaveCount(10);
  const linkedReports = await page
    .getByRole('table')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(linkedReports).toContainEqual(expect.stringMatching(/^\/reports\/[^/?]+$/));
  expect(linkedReports).not.toContain(`/reports/${encodeURIComponent(id)}`);

  // Gone at the service too.
  await page.goto(`/reports/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { name: 'Report not found' })).toBeVisible();
});

test('a new report: a bad address is refused before anything is sent, a good one is analysed', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  await page.getByRole('link', { name: 'New report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/reports')) posts.push(request.url());
  });

  const address = page.getByLabel('Page URL');
  const analyse = page.getByRole('button', { name: 'Analyse page' });
  for (const bad of ['javascript:alert(1)', 'not a url']) {
    await address.fill(bad);
    await analyse.click();
    await expect(page.getByText(/Only http and https addresses can be analysed/)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toBeFocused();
    await expect(page).toHaveURL(/\/reports\/new$/);
  }
  expect(posts).toEqual([]);

  await address.fill('example.com/e2e-brand-new-page');
  await analyse.click();
  await expect(page.getByRole('button', { name: 'Analysing…' })).toBeDisabled();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('example.com/e2e-brand-new-page');
  await expect(page.getByText(/Report created for/)).toBeVisible();
  expect(posts).toHaveLength(1);

  // The newest report heads the list.
  await page.getByRole('link', { name: '← All reports' }).click();
  await expect(listRows(page).first()).toContainText('example.com/e2e-brand-new-page');
});
