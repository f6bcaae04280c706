import type { Check } from '../../src/api';
import { markdownCatalog } from '../../src/components/copy-markdown';
import { checksCatalog } from '../../src/lib/check-catalog';
import { i18n } from '../../src/lib/i18n/i18n';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { issuePagesMarkdown, topIssuesMarkdown } from '../../src/lib/markdown';

/**
 * The copied Markdown in the dashboard's language (issue 39): its own words, the checks' titles,
 * groups, importance and findings, and the rating, all in one language; what the service sent (a
 * URL, a project) as sent.
 */
const check = (name: string, importance: Check['importance']): Check => ({
  name,
  passed: false,
  importance,
  value: null,
  errors: { missing: null },
});

async function speak(locale: 'de' | 'ru') {
  await switchLanguage(locale);
  await Promise.all([markdownCatalog(), checksCatalog()]);
}

afterEach(async () => {
  await switchLanguage('en');
});

it('writes a report’s top issues in German', async () => {
  await speak('de');
  const text = topIssuesMarkdown(
    {
      url: 'https://shop.example/kasse',
      project: 'shop.example',
      score: 42,
      rating: 'bad',
      generatedAt: null,
      checks: [check('meta_description', 'high'), check('favicon', 'low')],
    },
    (name) => (name === 'favicon' ? 'Ein Favicon hinzufügen.' : undefined),
    i18n,
  );
  const lines = text.split('\n');
  expect(lines[0]).toBe('## Wichtigste Probleme: https://shop.example/kasse');
  expect(lines[2]).toBe(
    'Score: Schlecht 42 · 2 fehlgeschlagene Prüfungen · noch nicht analysiert · Projekt shop.example',
  );
  expect(lines[4]).toMatch(/^1\. \*\*Meta-Beschreibung\*\* \(Wichtigkeit hoch, SEO\): /);
  expect(text).toContain('   So beheben Sie es: Ein Favicon hinzufügen.');
  expect(text).not.toMatch(/importance|failed|analysed|How to fix|Bad/);
});

it('writes an issue’s pages in Russian, with its plurals', async () => {
  await speak('ru');
  const page = {
    report: { url: 'https://shop.example/a', score: 30, rating: 'bad' as const },
    check: check('title', 'high'),
  };
  const text = issuePagesMarkdown(
    { project: 'shop.example', check: 'title', importance: 'high', pagesInProject: 22, pages: [page] },
    i18n,
  );
  const lines = text.split('\n');
  expect(lines[2]).toMatch(/^Не проходит на 1 из 22 страниц · важность: высокая · /);
  expect(lines[4]).toBe('| Страница | Результат | Что найдено |');
  const more = issuePagesMarkdown(
    {
      project: 'shop.example',
      check: 'title',
      importance: null,
      pagesInProject: null,
      pages: Array.from({ length: 103 }, () => page),
    },
    i18n,
  );
  expect(more).toContain('Не проходит на 103 страницах');
  expect(more).toContain('…и ещё 3 страницы: в CSV панели есть все.');
});
