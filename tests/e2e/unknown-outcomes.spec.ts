import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, listRows, simulator, test } from './fixtures';

// Over real HTTP: the simulated service applies the write, then drops the connection before its
// answer leaves (the "apply-then-cut" fault). The browser sees a network error; the dashboard
// must find out by reading what happened, say it, and never send the write twice.

const writesTo = async (method: string, path: RegExp) =>
  (await simulator.requests()).filter((request) => request.method === method && path.test(request.path));

test.beforeEach(async ({ page }) => {
  await simulator.reset();
  await connect(page);
});

test('a new report whose answer was lost is created once, and the person is told so', async ({ page }) => {
  await simulator.fault({ kind: 'apply-then-cut', method: 'POST', path: '/api/v1/reports' });
  await page.goto('/reports/new');
  await page.getByLabel('Page URL').fill('https://www.fourthcoffee.com/lost-answer');
  await page.getByRole('button', { name: 'Analyse page' }).click();

  await expect(
    page.getByText(
      /connection was lost before the service answered, but the report for fourthcoffee\.com\/lost-answer was created/,
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  await expect(page.getByText(/could not be created/)).toHaveCount(0);
  expect(await writesTo('POST', /^\/api\/v1\/reports$/)).toHaveLength(1);
});

test('a privacy change whose answer was lost shows what the service holds, sent once', async ({ page }) => {
  await page.goto('/reports');
  const publicRow = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: /\bPublic\b/ })
    .first();
  await publicRow.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
  const reportPath = new URL(page.url()).pathname;

  await simulator.fault({ kind: 'apply-then-cut', method: 'PATCH' });
  // The privacy form unfolds under the toolbar's "Privacy: …" button.
  await page.getByRole('button', { name: /^Privacy: / }).click();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('button', { name: 'Save privacy' }).click();

  await expect(
    page.getByText('The connection was lost before the service answered. The service holds Private.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('radio', { name: /^Private/ })).toBeChecked();
  await expect(page.getByText(/not changed/)).toHaveCount(0);
  expect(await writesTo('PATCH', new RegExp(`^/api/v1${reportPath}$`))).toHaveLength(1);
});

test('a report delete whose answer was lost says it was deleted and leaves the page', async ({ page }) => {
  await page.goto('/reports/3');
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
  await simulator.fault({ kind: 'apply-then-cut', method: 'DELETE' });
  await page.getByRole('button', { name: 'Delete report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
  await dialog.getByRole('button', { name: 'Delete report' }).click();

  await expect(
    page.getByText('The connection was lost before the service answered, but the report was deleted.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).not.toHaveURL(/\/reports\/3$/);
  expect(await writesTo('DELETE', /^\/api\/v1\/reports\/3$/)).toHaveLength(1);
});

test('a project delete whose answer was lost is said done, and the project is gone from the list', async ({ page }) => {
  await page.goto('/projects');
  const projectLink = listRows(page).first().getByRole('link').first();
  const project = (await projectLink.textContent())?.trim() ?? '';
  expect(project).not.toBe('');
  await projectLink.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(project) })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Parts of the project' })
    .getByRole('link', { name: 'Manage project' })
    .click();
  await simulator.fault({ kind: 'apply-then-cut', method: 'DELETE' });
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(project);
  await dialog.getByRole('button', { name: 'Delete project' }).click();

  await expect(page.getByText(/connection was lost before the service answered\. Project/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('link', { name: project, exact: true })).toHaveCount(0);
  expect(await writesTo('DELETE', /^\/api\/v1\/projects\//)).toHaveLength(1);
});

test('a store cut on a reused connection is sent again by Chromium: the notice names both, and one report is left', async ({
  page,
}) => {
  const url = 'fourthcoffee.com/sent-twice';
  const reportsOfPage = async () => {
    const answer = await fetch(`${SIMULATOR_URL}/api/v1/reports?search=${url}`, {
      headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json' },
    });
    return ((await answer.json()) as { data: { id: number }[] }).data.map((report) => String(report.id));
  };
  // The list's requests leave keep-alive connections to the service open: the store goes out on
  // one of them, the case where Chromium sends a request again when the connection closes.
  await page.goto('/reports');
  await expect(listRows(page).first()).toBeVisible();
  await simulator.fault({ kind: 'apply-then-resend', method: 'POST', path: '/api/v1/reports' });
  await page.getByRole('link', { name: 'New report' }).first().click();
  await page.getByLabel('Page URL').fill(`https://${url}`);
  await page.getByRole('button', { name: 'Analyse page' }).click();

  await expect(page).toHaveURL(/\/reports\/\d+$/, { timeout: 20_000 });
  const kept = new URL(page.url()).pathname.split('/').pop() ?? '';
  // The dashboard sent one store; the browser sent it twice, and the service holds two reports.
  expect(await writesTo('POST', /^\/api\/v1\/reports$/)).toHaveLength(2);
  const both = await reportsOfPage();
  expect(both).toHaveLength(2);
  const extra = both.find((id) => id !== kept) ?? '';
  expect(both).toContain(kept);

  const notice = page.getByRole('alert').filter({ hasText: 'This page was stored twice.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`This report, ${kept}, is kept`);
  await expect(notice.getByRole('link', { name: `Open report ${extra}` })).toHaveAttribute('href', `/reports/${extra}`);
  await page.screenshot({ path: 'docs/screenshots/duplicate-notice-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(notice.getByRole('button', { name: `Delete report ${extra}` })).toBeInViewport();
  await page.screenshot({ path: 'docs/screenshots/duplicate-notice-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  await notice.getByRole('button', { name: `Delete report ${extra}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
  await dialog.getByRole('button', { name: 'Delete report' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Report ${extra}, the extra one, was deleted.` }),
  ).toBeVisible();
  await expect(notice).toBeHidden();
  // Exactly one report of the page is left: the one the page shows.
  expect(await reportsOfPage()).toEqual([kept]);
  await expect(page).toHaveURL(new RegExp(`/reports/${kept}$`));
});
