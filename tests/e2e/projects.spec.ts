import { connect, expect, listRows, simulator, test } from './fixtures';

test('projects: list, open one with a non-ASCII name, and reload its deep link', async ({ page }) => {
  await connect(page);
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(listRows(page)).toHaveCount(10);

  await page.getByRole('searchbox', { name: 'Search projects' }).fill('чайная');
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: 'чайная-лавка.рф', exact: true }).click();
  await expect(page).toHaveURL(
    /\/projects\/%D1%87%D0%B0%D0%B9%D0%BD%D0%B0%D1%8F-%D0%BB%D0%B0%D0%B2%D0%BA%D0%B0\.%D1%80%D1%84$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('чайная-лавка.рф');
  // A small project is read for its audit at once: its pages (latest run of each) by result.
  const legend = page.getByRole('list', { name: 'Pages by result (latest run of each)' });
  await expect(legend).toContainText(/Good \d+/);
  // Its pages, a part of the page at its own address, which a reload keeps.
  await page.getByRole('navigation', { name: 'Parts of the project' }).getByRole('link', { name: 'Pages' }).click();
  await expect(page).toHaveURL(/\.%D1%80%D1%84\/pages#project-parts$/);
  const rows = listRows(page, /^Reports of чайная-лавка\.рф, page/);
  await expect(rows.first()).toContainText('чайная-лавка.рф');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('чайная-лавка.рф');
  await expect(legend).toContainText(/Bad \d+/);
  await expect(rows.first()).toContainText('чайная-лавка.рф');
});

test('a project with a space in its name: open it and delete it through the typed-name dialog', async ({ page }) => {
  const name = 'my site.example';
  // Believable sites have no such name: the opt-in hostile seed has (among much else).
  await simulator.reset('hostile');
  await connect(page);
  await page.goto('/projects?search=my+site');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/my%20site\.example$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const summary = page.getByText(/^\d+ reports?$/);
  await expect(summary).toHaveText(/^\d+ reports?$/);
  const count = (await summary.textContent())?.trim() ?? '';

  await page
    .getByRole('navigation', { name: 'Parts of the project' })
    .getByRole('link', { name: 'Manage project' })
    .click();
  await expect(page).toHaveURL(/\/projects\/my%20site\.example\/settings#project-parts$/);
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
