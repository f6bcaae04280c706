// @vitest-environment jsdom
import type { Messages } from '@lingui/core';
import { pageRules } from '../../../src/features/branding/printed-branding';
import { projectReportCatalog } from '../../../src/features/project-report/catalog';
import { pagesWords, ratingWords } from '../../../src/features/project-report/report-words';
import { checksCatalog } from '../../../src/lib/check-catalog';
import { checkGuide, checkGuideCatalog } from '../../../src/lib/check-guide';
import { checkTitle, importanceLabel } from '../../../src/lib/checks';
import { activeLocale } from '../../../src/lib/i18n/i18n';
import { catalog, speakerIn } from '../../../src/lib/i18n/switch-language';
import { ratingLabel } from '../../../src/lib/rating';

/**
 * A client report's own language (docs/decisions/0109): an instance of Lingui per language spoken
 * apart from the dashboard's, holding only the report's catalogs, and the report's words for what the
 * dashboard's shared parts say in English.
 */

it('loads the report’s catalogs into a language spoken apart, and leaves the dashboard’s alone', async () => {
  await projectReportCatalog();
  const spanish = speakerIn('es');
  expect(spanish.ready(['project-report'])).toBe(false);
  await spanish.load(['project-report']);
  expect(spanish.ready(['project-report'])).toBe(true);
  expect(ratingWords(spanish.context.i18n, 'good', 84)).toBe('Bueno 84');
  expect(pagesWords(spanish.context.i18n, 3)).toBe('3 páginas');
  expect(activeLocale()).toBe('en');

  // A part of the dashboard loaded later, in English: nothing to fetch, and nothing in Spanish.
  const later = catalog(
    'settings',
    {},
    import.meta.glob<{ messages: Messages }>(['../../../src/lib/i18n/locales/*/settings.po']),
  );
  expect(later()).toBeNull();
  expect(spanish.ready(['settings'])).toBe(false);
  expect(spanish.ready(['project-report'])).toBe(true);
});

it('counts pages with the plural forms of the language', async () => {
  await projectReportCatalog();
  const russian = speakerIn('ru');
  await russian.load(['project-report']);
  expect([1, 3, 5, 21].map((count) => pagesWords(russian.context.i18n, count))).toEqual([
    '1 страница',
    '3 страницы',
    '5 страниц',
    '21 страница',
  ]);
});

it('says the checks’ titles, importance and guidance in the report’s language, from the checks’ own catalogs', async () => {
  await Promise.all([projectReportCatalog(), checksCatalog(), checkGuideCatalog()]);
  const spanish = speakerIn('es');
  await spanish.load(['project-report', 'checks', 'check-guide']);
  const words = spanish.context.i18n;
  expect(checkTitle('meta_description', words)).toBe('Meta descripción');
  expect(importanceLabel('high', words)).toBe('Alta');
  const guide = checkGuide('meta_description', words);
  expect(guide.why).toBe(
    'Los buscadores suelen mostrar la meta descripción bajo el título en sus resultados; una clara invita a hacer clic.',
  );
  // The HTML in a guide is text, as written.
  expect(guide.fix).toContain('<meta name="description" content="…">');
  // The dashboard's own words stay English.
  expect(checkTitle('meta_description')).toBe('Meta description');
  expect(activeLocale()).toBe('en');
});

it('says in English what the dashboard’s own modules say, word for word', () => {
  const speaker = speakerIn('en');
  expect(speaker.ready(['project-report'])).toBe(true); // English is at hand, with the code
  const english = speaker.context.i18n;
  for (const rating of ['good', 'decent', 'bad'] as const) {
    expect(ratingWords(english, rating, 70)).toBe(ratingLabel(rating, 70));
    expect(ratingWords(english, rating, null)).toBe(ratingLabel(rating, null));
  }
  expect(ratingWords(english, null, null)).toBe(ratingLabel(null, null));
});

it('numbers printed pages in the words given, the counters kept as counters', () => {
  expect(pageRules('')).toContain('content: "Page " counter(page) " of " counter(pages);');
  expect(pageRules('', 'Página {page} de {pages}')).toContain(
    'content: "Página " counter(page) " de " counter(pages);',
  );
  expect(pageRules('', '{page} / {pages}')).toContain('content: counter(page) " / " counter(pages);');
  expect(pageRules('', 'Seite {page} "} body {')).toContain('content: "Seite " counter(page) " \\"} body {";');
});
