// @vitest-environment jsdom
import type { PageChange, StateComparison } from '../../src/features/audit';
import { changeCsv } from '../../src/features/site-changes/change-csv';
import { checksCatalog } from '../../src/lib/check-catalog';
import { checkGuide, checkGuideCatalog } from '../../src/lib/check-guide';
import { ENGLISH_TITLED_CHECKS, englishCheckTitle } from '../../src/lib/check-titles';
import { checkTitle, describeCheckError, describeFinding, importanceLabel } from '../../src/lib/checks';
import { i18n } from '../../src/lib/i18n/i18n';
import { speakerIn, switchLanguage } from '../../src/lib/i18n/switch-language';
import { CHECK_NAMES } from '../../src/simulator';

/**
 * The checks' words (docs/decisions/0112): in the language of the instance given, English without
 * one, what a CSV keeps whatever the dashboard's language; the HTML of the guidance and the
 * apostrophes of French as written.
 */

/** An instance that speaks the checks' catalog in `locale`, apart from the dashboard's. */
async function checkWordsIn(locale: 'de' | 'fr' | 'es' | 'ru') {
  await Promise.all([checksCatalog(), checkGuideCatalog()]);
  const speaker = speakerIn(locale);
  await speaker.load(['checks', 'check-guide']);
  return speaker.context.i18n;
}

afterEach(async () => {
  await switchLanguage('en');
});

it('keeps a CSV of changes in English while the dashboard is German', async () => {
  await checksCatalog();
  await switchLanguage('de');
  expect(checkTitle('meta_description', i18n)).toBe('Meta-Beschreibung');

  const page: PageChange = {
    key: 'a',
    url: 'example.com/a',
    before: null,
    after: null,
    status: 'kept',
    scoreChange: -5,
    newlyFailing: ['meta_description', 'load_time'],
    fixed: ['headings'],
    stillFailing: [],
    unclear: [],
    notRerun: false,
  } as unknown as PageChange;
  const comparison = { changed: [page], newPages: [], gonePages: [], unchanged: [] } as unknown as StateComparison;
  const csv = changeCsv(comparison);
  expect(csv).toContain('Meta description; Load time');
  expect(csv).toContain('Headings');
  expect(csv).not.toContain('Meta-Beschreibung');
  // What the issue page's CSV says of a finding: English too.
  expect(describeFinding({ name: 'meta_description', passed: false, errors: { missing: null }, value: null })).toBe(
    'No meta description, a page should have one.',
  );
  expect(importanceLabel('high')).toBe('High');
});

it('says every known title in English alike, with and without Lingui', () => {
  expect(new Set([...ENGLISH_TITLED_CHECKS, ...CHECK_NAMES]).size).toBe(ENGLISH_TITLED_CHECKS.length);
  for (const name of [...ENGLISH_TITLED_CHECKS, 'brand_new_check', '__'])
    expect(englishCheckTitle(name), name).toBe(checkTitle(name));
});

it('shows the HTML of a guide as written, in German as in English', async () => {
  const german = await checkWordsIn('de');
  expect(checkGuide('title').fix).toContain('exactly one <title> of under 60 characters');
  expect(checkGuide('title', german).fix).toContain('genau einen <title> unter 60 Zeichen');
  expect(checkGuide('image_keywords', german).fix).toContain('ein leeres alt="".');
  expect(checkGuide('meta_viewport', german).fix).toBe(
    'Fügen Sie <meta name="viewport" content="width=device-width, initial-scale=1"> in den <head> der Seite ein.',
  );
  expect(checkGuide('a_check_nobody_knows', german)).toEqual({
    why: 'Diese Prüfung ist dem Dashboard neu (der Dienst ist vielleicht eine neuere Version), daher gibt es hier noch keine Erklärung dafür.',
    fix: 'Lesen Sie, was der Dienst gefunden hat (unten); die Berichtsseite des Dienstes selbst erklärt diese Prüfung vielleicht.',
    known: false,
  });
});

it('keeps the apostrophes next to a placeholder, in French and in English', async () => {
  const french = await checkWordsIn('fr');
  // "d’images" is the noun's own message, put in the sentence's placeholder; "d’au moins" stands
  // right before the limit's.
  expect(describeCheckError('image_keywords', 'too_few', { min: 3 }, { alt: 'x' }, french)).toBe(
    'Moins d’images que recommandé, devrait être d’au moins 3.',
  );
  expect(describeCheckError('content_keywords', 'missing', ['café', 'guide'])).toBe(
    "Not in the page's text: café, guide. Each should appear in it.",
  );
  expect(describeCheckError('noindex', 'failed', null, 'noindex, nofollow', french)).toBe(
    'Marquée « noindex, nofollow », devrait être ouverte aux moteurs de recherche.',
  );
});

it('counts in Russian with the form each number needs, numbers written as Russian writes them', async () => {
  const russian = await checkWordsIn('ru');
  const links = (count: number) => describeCheckError('in_page_links', 'too_many', { max: 100 }, { count }, russian);
  expect([101, 102, 105, 1500].map(links)).toEqual([
    '101 ссылка, должно быть не больше 100.',
    '102 ссылки, должно быть не больше 100.',
    '105 ссылок, должно быть не больше 100.',
    '1\u00a0500 ссылок, должно быть не больше 100.',
  ]);
  expect(describeCheckError('load_time', 'too_slow', { max: 2 }, 2.5, russian)).toBe('2,5 с, должно быть меньше 2 с.');
});
