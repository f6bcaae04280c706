import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, test } from './fixtures';

/**
 * The dashboard in the analyst's language (issue 39): the browser's languages first, a choice on
 * the settings page kept on the device and applied without a reload.
 */

const mainNav = (page: import('@playwright/test').Page, name: string) => page.getByRole('navigation', { name });

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the dashboard starts in German, and says so to the browser', async ({ page }) => {
    // The settings page is in German from the start: connected with its German words.
    await page.goto('/settings');
    await page.getByLabel('Basis-URL der API').fill(SIMULATOR_URL);
    await page.getByLabel('API-Schlüssel').fill(E2E_KEY);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Verbindung auf diesem Gerät gespeichert.')).toBeVisible();
    await page.goto('/reports');
    const nav = mainNav(page, 'Hauptmenü');
    for (const name of ['Übersicht', 'Berichte', 'Projekte', 'Einstellungen'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

test('French chosen on the settings page applies at once and holds after a reload', async ({ page }) => {
  await connect(page);
  await page.goto('/settings');
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.selectOption({ label: 'Français' });
  // At once, without a reload: the navigation and the control's own words.
  await expect(mainNav(page, 'Principale').getByRole('link', { name: 'Paramètres', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(mainNav(page, 'Principale').getByRole('link', { name: 'Rapports', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
