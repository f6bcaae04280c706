import type { Locator, Page } from '@playwright/test';
import { SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, listRows, reportLinkIn, simulator, test } from './fixtures';

/**
 * The main journey with one request in five failing at random (5xx, dropped connections) and the
 * service's rate limit answering once: reads recover by themselves, and where a write fails the
 * person presses "Try again", as they would. Nothing typed may be lost on the way.
 * A 429 whose Retry-After a browser cannot read (CORS) holds every request for the service's
 * whole minute (docs/decisions/0025), so the random kinds leave it out: one is injected while
 * paging, and `npm run chaos` runs the long two-tab soak with 429s.
 */
const CHAOS = { rate: 0.2, kinds: ['500', '502', '503', '504', 'network'], seed: 11 };
/** Past the minute a 429 holds requests for, with room for a retry after it. */
const AFTER_RATE_LIMIT_MS = 100_000;

let retriesByUser = 0;

/** Waits for `done`; while the page offers "Try again" instead, presses it. */
async function persist(page: Page, done: Locator, onFailure?: () => Promise<void>, timeout = 30_000) {
  const tryAgain = page.getByRole('button', { name: /Try again/ }).first();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const outcome = await Promise.race([
      done.waitFor({ timeout }).then(() => 'done' as const),
      tryAgain.waitFor({ timeout }).then(() => 'failed' as const),
    ]).catch(() => 'timeout' as const);
    if (outcome === 'done') return;
    if (outcome === 'timeout') break;
    await onFailure?.();
    retriesByUser += 1;
    await tryAgain.click();
  }
  throw new Error('the journey did not get through');
}

test('the main journey survives random faults and loses no input', async ({ page }) => {
  test.setTimeout(240_000);
  await connect(page);
  await simulator.control('random', CHAOS);

  await page.goto('/reports');
  await persist(page, listRows(page).first());

  await page.getByRole('combobox', { name: 'Result' }).selectOption('good');
  await expect(page).toHaveURL(/result=good/);
  await persist(
    page,
    listRows(page)
      .first()
      .getByText(/^Good \d+$/),
  );

  // Page through the list; the service's rate limit answers the first page change.
  for (const range of ['11–20', '21–30', '31–40', '41–50']) {
    const rateLimited = range === '11–20';
    if (rateLimited) await simulator.fault({ kind: '429', method: 'GET', path: '/api/v1/reports' });
    await page.getByRole('link', { name: 'Next' }).click();
    if (rateLimited) await expect(page.getByText(/The service asked us to slow down/)).toBeVisible();
    // The 429 may have hit the prefetch of a later page: every step may wait out the minute.
    await persist(page, page.getByText(new RegExp(`^${range} of`)), undefined, AFTER_RATE_LIMIT_MS);
  }
  await page.goBack();
  await persist(page, page.getByText(/^31–40 of/));

  // Open a report and make it private.
  const link = reportLinkIn(listRows(page).first());
  const reportPath = await link.getAttribute('href');
  await link.click();
  await persist(page, page.getByRole('heading', { level: 2, name: /^Top issues/ }));
  await page.getByRole('button', { name: /^Privacy: / }).click();
  // Whatever it is now, change it: public ⇄ private.
  const target = (await page.getByRole('radio', { name: /^Private/ }).isChecked()) ? /^Public/ : /^Private/;
  await page.getByRole('radio', { name: target }).check();
  const saved = page.getByText('Privacy saved.');
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.getByRole('button', { name: 'Save privacy' }).click();
    const outcome = await Promise.race([
      saved.waitFor({ timeout: 30_000 }).then(() => 'saved' as const),
      page
        .getByRole('alert')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'saved') break;
    // Rolled back on screen, but the choice the person made is still selected for another try.
    await expect(page.getByRole('radio', { name: target })).toBeChecked();
    retriesByUser += 1;
  }

  // Create a report: a failed store keeps every value, and "Try again" sends it again.
  await page.goto('/reports/new');
  await page.getByLabel('Page URL').fill('example.com/chaos-journey');
  await page.getByRole('button', { name: 'Analyse page' }).click();
  await persist(page, page.getByRole('heading', { level: 1, name: /^Report for/ }), async () => {
    await expect(page.getByLabel('Page URL')).toHaveValue('example.com/chaos-journey');
  });
  expect(page.url()).toMatch(/\/reports\/\d+$/);

  // Delete it again.
  await page.getByRole('button', { name: 'Delete report' }).click();
  const dialog = page.getByRole('dialog');
  // Its code loads on this first ask: open once it is here.
  await expect(dialog).toBeVisible();
  for (let attempt = 0; attempt < 10 && (await dialog.isVisible()); attempt += 1) {
    await dialog.getByRole('button', { name: 'Delete report' }).click();
    await expect(
      dialog
        .getByRole('button', { name: 'Delete report' })
        .or(page.getByRole('heading', { name: 'Reports', level: 1 })),
    ).toBeVisible({ timeout: 30_000 });
    if (await dialog.isVisible()) retriesByUser += 1;
  }
  await expect(page).toHaveURL(/\/reports$/);

  await simulator.control('random', null);
  const stats = await simulator.stats();
  const check = await fetch(`${SIMULATOR_URL}/api/v1/reports?search=chaos-journey`, {
    headers: { Authorization: 'Bearer e2e-key', Accept: 'application/json' },
  }).then((r) => r.json() as Promise<{ meta: { total: number } }>);
  expect(check.meta.total).toBe(0);
  expect(reportPath).toMatch(/^\/reports\/\d+$/);
  console.log(
    `chaos: ${stats.served} requests served, ${stats.faults.length} faults injected and survived ` +
      `(${retriesByUser} by pressing "Try again"), no user input lost`,
  );
  expect(stats.faults.length).toBeGreaterThan(0);
});
