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
    // The list's first rows in German, with German dates (Intl's): "vor 3 Tagen", "28.10.2026, 07:04".
    await expect(page.getByRole('columnheader', { name: /^Ergebnis/ })).toBeVisible();
    const created = page.locator('td[data-column="created"] time').first();
    // The words on screen, then the exact time for screen readers.
    await expect(created).toHaveText(/^(vor \d+ \S+|gestern|vorgestern|letzte Woche|letzten Monat|letztes Jahr) \(/);
    await expect(created).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await expect(page.getByRole('link', { name: 'Nächste', exact: true })).toBeVisible();
    // On a phone a row is a card whatever the language: its cells are placed by their column's
    // key, not by their (German) label; the project's cell is there for screen readers only.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('td[data-column="project"]').first()).toHaveCSS('clip-path', 'inset(50%)');
    await expect(page.locator('td[data-column="result"]').first()).toBeVisible();
  });

  test('the demo says it is the demo in German', async ({ page }) => {
    await page.goto('/reports');
    const banner = page.getByRole('note', { name: 'Demodaten' });
    await expect(banner).toContainText('Sie erkunden einen simulierten Dienst.');
    await expect(banner.getByRole('button', { name: 'Demodaten zurücksetzen' })).toBeVisible();
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

test('Russian counts pages in the form each number takes: 1 страница, 2 страницы, 5 страниц', async ({ page }) => {
  await connect(page);
  await page.goto('/reports/new?lang=ru');
  await page.getByRole('button', { name: 'Проанализировать список страниц' }).click();
  const box = page.getByLabel('URL страниц, по одному на строку');
  const said = {
    1: ['1 страница готова.', 'Проанализировать 1 страницу'],
    2: ['2 страницы готовы.', 'Проанализировать 2 страницы'],
    5: ['5 страниц готово.', 'Проанализировать 5 страниц'],
  } as const;
  for (const count of [1, 2, 5] as const) {
    await box.fill(Array.from({ length: count }, (_, index) => `ru.example/${index}`).join('\n'));
    const [summary, button] = said[count];
    await expect(page.getByText(summary)).toBeVisible();
    await expect(page.getByRole('button', { name: button })).toBeEnabled();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});
