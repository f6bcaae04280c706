import { expect, test } from '@playwright/test';
import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, simulator } from './fixtures';

/**
 * Nothing moves on screen as a page's later parts arrive: the layout shift of the first seconds
 * (Chromium's layout-shift entries, as Lighthouse's CLS adds them) stays under 0.1, "good" for
 * Lighthouse, on a phone-sized window where a shift moves the most. The overview's Needs attention
 * and the project page's links kept their place badly once (0.16 and 0.07).
 */
for (const path of ['/', '/projects/fourthcoffee.com']) {
  test(`${path} does not move as its parts arrive`, async ({ page }) => {
    await simulator.reset();
    await connect(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(path);
    await page.waitForTimeout(4000);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    const total = shifts.reduce((sum, value) => sum + value, 0);
    expect(total, `layout shifts: ${shifts.map((value) => value.toFixed(3)).join(', ')}`).toBeLessThan(0.1);
  });
}

/**
 * In a longer language the reports list and the page around it stay where they are while the
 * filters, the saved views and the selection bar come after the first rows: the filters' place
 * once wrapped "Pro Seite" onto two lines (the list moved up 21 px at 1280 px when the real ones
 * came), the saved views wrapped in the phone's header (the whole page moved down 27 px), and on
 * a phone the selection bar's buttons took more lines than its place kept (the table moved down
 * 31 px in German, 51 in Russian).
 */
const LANGUAGES = {
  German: {
    locale: 'de-DE',
    baseUrl: 'Basis-URL der API',
    key: 'API-Schlüssel',
    save: 'Speichern',
    saved: 'Verbindung auf diesem Gerät gespeichert.',
    reports: 'Berichte',
    saveView: 'Ansicht speichern',
  },
  Russian: {
    locale: 'ru-RU',
    baseUrl: 'Базовый URL API',
    key: 'API-ключ',
    save: 'Сохранить',
    saved: 'Подключение сохранено на этом устройстве.',
    reports: 'Отчёты',
    saveView: 'Сохранить вид',
  },
};
for (const [language, viewport] of [
  ['German', { width: 1280, height: 800 }],
  ['German', { width: 390, height: 844 }],
  ['Russian', { width: 390, height: 844 }],
] as const) {
  const words = LANGUAGES[language];
  test.describe(`/reports in ${language} at ${viewport.width} px`, () => {
    test.use({ locale: words.locale, viewport });

    test('the page and its list do not move as the list’s parts arrive', async ({ page }) => {
      await simulator.reset();
      await page.goto('/settings');
      await page.getByLabel(words.baseUrl).fill(SIMULATOR_URL);
      await page.getByLabel(words.key).fill(E2E_KEY);
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await expect(page.getByText(words.saved)).toBeVisible();
      await page.addInitScript(() => {
        const moved: { value: number; what: string[] }[] = [];
        (window as unknown as { moved: typeof moved }).moved = moved;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            startTime: number;
            sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          }[]) {
            if (entry.hadRecentInput) continue;
            // What moved, from where to where, and what the page said then: enough to find the cause.
            const what = entry.sources.map(({ node, previousRect, currentRect }) =>
              node instanceof Element
                ? `${node.tagName.toLowerCase()}.${node.className.split(' ')[0]} y ${Math.round(previousRect.y)}→${Math.round(currentRect.y)}`
                : '?',
            );
            const banner = document.querySelector('header')?.textContent?.slice(0, 200) ?? '';
            moved.push({
              value: entry.value,
              what: [...what, `at ${Math.round(entry.startTime)} ms; header: ${banner}`],
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/reports');
      await expect(page.getByRole('heading', { level: 1, name: words.reports })).toBeVisible();
      await expect(page.getByRole('button', { name: words.saveView })).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(2000);
      const moved = await page.evaluate(
        () => (window as unknown as { moved: { value: number; what: string[] }[] }).moved,
      );
      const said = moved.map(({ value, what }) => `${value.toFixed(4)} ${what.join(', ')}`).join('; ');
      const pageMoved = moved
        .flatMap(({ what }) => what)
        .filter((what) => /^(main|div\.list-body|header|table\.data-table)\b/.test(what));
      expect(pageMoved, said).toEqual([]);
      expect(
        moved.reduce((sum, { value }) => sum + value, 0),
        said,
      ).toBeLessThan(0.02);
    });
  });
}
