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

test('a store sent twice leaves two reports of a page: the notice offers to delete the extra one', async ({ page }) => {
  // What a request sent twice leaves behind: the same page, stored a moment before.
  const first = await fetch(`${SIMULATOR_URL}/api/v1/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: 'https://fourthcoffee.com/sent-twice' }),
  });
  expect(first.ok).toBe(true);
  const extraId = String(((await first.json()) as { data: { id: number } }).data.id);

  await simulator.fault({ kind: 'apply-then-cut', method: 'POST', path: '/api/v1/reports' });
  await page.goto('/reports/new');
  await page.getByLabel('Page URL').fill('https://fourthcoffee.com/sent-twice');
  await page.getByRole('button', { name: 'Analyse page' }).click();

  const notice = page.getByText(/Another report of fourthcoffee\.com\/sent-twice was created within the same minute/);
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: `Open report ${extraId}` })).toBeVisible();
  await page.screenshot({ path: `docs/screenshots/duplicate-notice-${page.viewportSize()?.width ?? 0}.png` });

  await page.getByRole('button', { name: `Delete report ${extraId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
  await dialog.getByRole('button', { name: 'Delete report' }).click();
  await expect(page.getByText(`Report ${extraId}, the extra one, was deleted.`)).toBeVisible();
  await expect(notice).toBeHidden();
  // One report of the page is left, the one the page shows; one store and one delete were sent.
  const kept = page.url().split('/').pop();
  expect(await writesTo('DELETE', new RegExp(`^/api/v1/reports/${extraId}$`))).toHaveLength(1);
  const left = await fetch(`${SIMULATOR_URL}/api/v1/reports?search=fourthcoffee.com/sent-twice`, {
    headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json' },
  });
  const ids = ((await left.json()) as { data: { id: number }[] }).data.map((report) => String(report.id));
  expect(ids).toEqual([kept]);
});
