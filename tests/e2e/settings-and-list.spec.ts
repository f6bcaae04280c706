import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, listRows, simulator, test } from './fixtures';

test('a new user lands on the demo, then connects a real service and tests the key', async ({ page }) => {
  // The overview of the demo account is the home page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('table')).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API base URL').fill(SIMULATOR_URL);
  await page.getByLabel('API key').fill('not-the-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/rejected this API key/)).toBeVisible();

  await page.getByLabel('API key').fill(E2E_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/The connection works: the service holds \d+ reports/)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('note', { name: 'Demo data' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  expect((await simulator.stats()).served).toBeGreaterThan(0);
});

test('list: search, filter, sort, per page, paginate, back and forward, reload a deep link', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  const rows = listRows(page);
  await expect(rows).toHaveCount(10);

  await page.getByRole('searchbox', { name: 'Search URLs' }).fill('coffee');
  await expect(page).toHaveURL(/\?search=coffee$/);
  await expect(rows.first()).toContainText(/coffee/i);

  await page.getByRole('combobox', { name: 'Result' }).selectOption('good');
  await expect(page).toHaveURL(/search=coffee&result=good$/);
  await expect(rows.first()).toContainText(/Good \d+/);

  await page.getByRole('button', { name: /^URL/ }).click();
  await expect(page).toHaveURL(/sort_by=url&sort=asc/);
  await expect(page.getByRole('columnheader', { name: /URL/ })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('combobox', { name: 'Result' }).selectOption('');
  await page.getByRole('combobox', { name: 'Per page' }).selectOption('25');
  await expect(rows).toHaveCount(25);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^26–50 of \d+/)).toBeVisible();

  await page.goBack();
  await expect(page.getByText(/^1–25 of \d+/)).toBeVisible();
  await page.goForward();
  await expect(page.getByText(/^26–50 of \d+/)).toBeVisible();

  const deepLink = page.url();
  await page.reload();
  expect(page.url()).toBe(deepLink);
  await expect(page.getByText(/^26–50 of \d+/)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search URLs' })).toHaveValue('coffee');
});

test('a wrong key leads to the settings page', async ({ page }) => {
  await connect(page, { key: 'expired-key' });
  await page.goto('/reports');
  // One announcement for the whole app, with the way to fix it; the list explains its gap.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The service rejected the API key.');
  await expect(page.getByRole('heading', { name: 'The API key was rejected' })).toBeVisible();
  await alert.getByRole('link', { name: 'Open settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the service unreachable, and then back', async ({ page }) => {
  await connect(page, { baseUrl: 'http://127.0.0.1:9' });
  await page.goto('/reports');
  await expect(page.getByRole('alert')).toContainText('Could not reach the service', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Open settings' }).click();
  await page.getByLabel('API base URL').fill(SIMULATOR_URL);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(listRows(page)).toHaveCount(10);
});

test('the demo shows its banner with its first screen: the page does not jump down when it comes', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null }[];
      })[])
        shifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.nodeName ?? '') });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/reports');
  await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  // React shows a part that waited for its code at most every 300 ms: wait past that.
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
  );
  expect(shifts.filter((shift) => shift.moved.includes('MAIN'))).toEqual([]);
});

test('the filters and the pages come after the first rows, in a place that keeps the rows still; without their code, the page says so', async ({
  page,
}) => {
  await connect(page);
  // The filters' code held back: the rows show first, under the filters' inert place.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/report-filters-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  const search = page.getByRole('searchbox', { name: 'Search URLs' });
  await expect(search).toHaveCount(0);
  // Measured from the top of the page's content: a session banner that a busy machine brings
  // meanwhile (a slow answer) moves the whole page, which is not what this test is about.
  const tableFromMain = () =>
    page.getByRole('table').evaluate((table) => {
      const main = table.closest('main');
      return table.getBoundingClientRect().top - (main?.getBoundingClientRect().top ?? 0);
    });
  const before = await tableFromMain();
  release();
  await expect(search).toBeEditable();
  expect(Math.abs((await tableFromMain()) - before)).toBeLessThanOrEqual(1);
  await expect(page.getByRole('navigation', { name: 'Reports pages' })).toBeVisible();

  // Their code out of reach (offline, or a newer deployment removed it): the rows stay, and each
  // missing part says what to do.
  await page.unrouteAll();
  await page.route(/\/assets\/(report-filters|pagination)-[^/]+\.js$/, (route) => route.abort());
  await page.reload();
  await expect(listRows(page)).toHaveCount(10);
  await expect(page.getByRole('alert').filter({ hasText: 'This part could not be loaded' })).toHaveCount(2);
});

test('the selection bar comes after the first rows without moving them (its place is styled before its code)', async ({
  page,
}) => {
  await connect(page);
  // The bar's code (and the stylesheet that came with it) held back: the rows show under its
  // empty place. Once it arrives, the rows stay where they were.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(bulk-bar|jobs)-[^/]+\.(js|css)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  await expect(page.getByRole('searchbox', { name: 'Search URLs' })).toBeEditable();
  const tableFromMain = () =>
    page.getByRole('table').evaluate((table) => {
      const main = table.closest('main');
      return table.getBoundingClientRect().top - (main?.getBoundingClientRect().top ?? 0);
    });
  const before = await tableFromMain();
  await expect(page.getByText('No reports selected.')).toHaveCount(0);
  release();
  await expect(page.getByText('No reports selected.')).toBeVisible();
  expect(Math.abs((await tableFromMain()) - before)).toBeLessThanOrEqual(1);
});

test('the connection lost while the session banners’ code is out of reach: the page still says it is offline', async ({
  page,
  context,
}) => {
  await connect(page);
  await page.route(/\/assets\/session-banners-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  const offline = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(offline).toHaveCount(0);
  await context.setOffline(true);
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
});

test('once the first rows are on screen, the session banners’ code comes, at hand when the network is not', async ({
  page,
}) => {
  await connect(page);
  const bannersCode = page.waitForRequest(/\/assets\/session-banners-[^/]+\.js$/);
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  await bannersCode;
});
