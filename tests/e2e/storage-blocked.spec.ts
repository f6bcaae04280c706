import { SIMULATOR_URL, E2E_KEY } from '../../playwright.config';
import { expect, listRows, test } from './fixtures';

/**
 * A browser that blocks this site's data (its settings, an enterprise policy, a sandboxed frame):
 * reading `localStorage` or `sessionStorage` throws there. The dashboard starts all the same, on
 * the demo, and a service connected on the settings page works for the visit.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
  });
});

test('with site data blocked, the dashboard starts on the demo and connects a service for the visit', async ({
  page,
}) => {
  await page.goto('/reports');
  await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API base URL').fill(SIMULATOR_URL);
  await page.getByLabel('API key').fill(E2E_KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(listRows(page).first()).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo data' })).toHaveCount(0);
});
