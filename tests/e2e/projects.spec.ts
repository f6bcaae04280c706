import { connect, expect, listRows, test } from './fixtures';

test('projects: list, open one with a non-ASCII name, and reload its deep link', async ({ page }) => {
  await connect(page);
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(listRows(page)).toHaveCount(10);

  await page.getByRole('searchbox', { name: 'Search projects' }).fill('пример');
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: 'пример.рф', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80\.%D1%80%D1%84$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('пример.рф');
  // A small project is read for its audit at once: its pages (latest run of each) by result.
  const legend = page.getByRole('list', { name: 'Pages by result (latest run of each)' });
  await expect(legend).toContainText(/Good \d+/);
  const rows = listRows(page, /^Reports of пример\.рф, page/);
  await expect(rows.first()).toContainText('пример.рф');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('пример.рф');
  await expect(legend).toContainText(/Bad \d+/);
});

test('a project with a space in its name: open it and delete it through the typed-name dialog', async ({ page }) => {
  const name = 'my site.example';
  await connect(page);
  await page.goto('/projects?search=my+site');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/my%20site\.example$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const summary = page.getByText(/^\d+ reports?$/);
  await expect(summary).toHaveText(/^\d+ reports?$/);
  const count = (await summary.textContent())?.trim() ?? '';

  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete project ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('It cannot be undone.');
  const confirm = dialog.getByRole('button', { name: 'Delete project' });
  const typed = dialog.getByLabel(`Type the project name to confirm: ${name}`);
  await expect(typed).toBeFocused();
  await expect(confirm).toBeDisabled();
  // Almost the name is not the name.
  await typed.fill('My site.example');
  await expect(confirm).toBeDisabled();
  await typed.fill(`${name} `);
  await expect(confirm).toBeDisabled();

  await typed.fill(name);
  await expect(confirm).toBeEnabled();
  const deletion = page.waitForRequest((request) => request.method() === 'DELETE');
  await confirm.click();
  expect((await deletion).url()).toMatch(/\/api\/v1\/projects\/my%20site\.example$/);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText(`Project deleted with ${count}`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search projects' }).fill('my site');
  await expect(page.getByRole('heading', { name: 'No projects match' })).toBeVisible();
  await page.goto('/reports?project=my+site.example');
  await expect(page.getByRole('heading', { name: 'No reports match' })).toBeVisible();
});
