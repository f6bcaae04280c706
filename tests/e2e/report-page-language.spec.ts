import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { paths } from '../../src/lib/paths';
import { createSimulator } from '../../src/simulator';
import { connect, expect, test } from './fixtures';

/**
 * A report's page in each of the dashboard's languages (issue 39, item 4), at desktop and phone
 * width: its words in the language, nothing wider than the screen, and a screenshot of each in
 * test-results/report-page-language/ to look at (longer German and French words, Cyrillic).
 */

// The seed is deterministic (src/simulator/seed.ts): a report with failures and other runs of its page.
const seeded = createSimulator().store.reports();
const REPORT = seeded.find(
  (r) =>
    Object.values(r.results).some((check) => !check.passed) &&
    Object.values(r.results).some((check) => check.passed) &&
    seeded.filter((other) => other.url === r.url).length > 2,
);
if (!REPORT) throw new Error('the seed has no report with failures and other runs');
const OUT = resolve(import.meta.dirname, '../../test-results/report-page-language');

/** What each language calls the page's landmarks. */
const WORDS = {
  en: { issues: 'Top issues', runs: 'Runs of this page', privacy: /^Privacy: /, form: 'Privacy', more: 'More actions' },
  de: {
    issues: 'Wichtigste Probleme',
    runs: 'Analysen dieser Seite',
    privacy: /^Sichtbarkeit: /,
    form: 'Sichtbarkeit',
    more: 'Weitere Aktionen',
  },
  fr: {
    issues: 'Principaux problèmes',
    runs: 'Analyses de cette page',
    privacy: /^Confidentialité\s: /,
    form: 'Confidentialité',
    more: 'Plus d’actions',
  },
  es: {
    issues: 'Problemas principales',
    runs: 'Análisis de esta página',
    privacy: /^Privacidad: /,
    form: 'Privacidad',
    more: 'Más acciones',
  },
  ru: {
    issues: 'Главные проблемы',
    runs: 'Анализы этой страницы',
    privacy: /^Доступ: /,
    form: 'Доступ',
    more: 'Другие действия',
  },
} as const;

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const [locale, words] of Object.entries(WORDS)) {
  for (const size of SIZES) {
    test(`the report page in ${locale} at ${size.viewport.width} px fits the screen`, async ({ page }) => {
      await page.setViewportSize(size.viewport);
      await connect(page);
      await page.goto(`${paths.report.getHref(String(REPORT.id))}?lang=${locale}`);

      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(`^${words.issues} \\(\\d+\\)$`) }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en' : new RegExp(`^${locale}`));
      // The runs are read once their section comes near the screen.
      const runs = page.getByRole('heading', { level: 2, name: words.runs });
      await runs.scrollIntoViewIfNeeded();
      await expect(
        page
          .getByRole('table')
          .filter({ has: page.getByRole('columnheader') })
          .last(),
      ).toBeVisible();
      // Everything a phone folds, and the privacy form, open: their words are on the screenshot too.
      if (size.name === 'phone') await page.getByRole('button', { name: words.more }).click();
      await page.getByRole('button', { name: words.privacy }).click();
      await expect(page.getByRole('heading', { level: 2, name: words.form, exact: true })).toBeVisible();

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(innerWidth).toBe(size.viewport.width);

      mkdirSync(OUT, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${OUT}/${locale}-${size.viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    });
  }
}
