import { savedViewsCatalog } from '../../src/features/saved-views/catalog';
import type { StoredView } from '../../src/features/saved-views/store';
import { viewName, whyBroken } from '../../src/features/saved-views/view-words';
import { switchLanguage } from '../../src/lib/i18n/switch-language';

/**
 * A saved view that cannot be opened, said in the language on screen (issue 39): the store keeps
 * what is wrong, the words are made when shown; the stored address and filters stay as kept.
 */
type Broken = Extract<StoredView, { ok: false }>;
const broken = (problem: Broken['problem'], name: string | null = null): Broken => ({
  ok: false,
  id: 'broken-3',
  name,
  place: 4,
  problem,
});

async function speak(locale: 'de' | 'ru') {
  await switchLanguage(locale);
  await savedViewsCatalog();
}

afterEach(async () => {
  await switchLanguage('en');
});

it('names a view kept without a name by its place, and says why it cannot be opened, in English', () => {
  expect(viewName(broken({ kind: 'no-address' }))).toBe('Saved view 4');
  expect(viewName(broken({ kind: 'no-address' }, 'Great ones'))).toBe('Great ones');
  expect(whyBroken(broken({ kind: 'no-address' }))).toBe('It has no address.');
  expect(whyBroken(broken({ kind: 'not-a-list', href: '/admin/users' }))).toBe(
    '“/admin/users” is not a list of this app.',
  );
  expect(whyBroken(broken({ kind: 'unknown-filters', filters: ['result=great', 'sort_by=size'] }))).toBe(
    'The list no longer understands the filters result=great and sort_by=size.',
  );
});

it('says it in German, the filters listed the German way', async () => {
  await speak('de');
  expect(viewName(broken({ kind: 'no-name' }))).toBe('Gespeicherte Ansicht 4');
  expect(whyBroken(broken({ kind: 'no-name' }))).toBe('Sie hat keinen Namen.');
  expect(whyBroken(broken({ kind: 'not-a-list', href: '/admin/users' }))).toBe(
    '„/admin/users“ ist keine Liste dieser App.',
  );
  expect(whyBroken(broken({ kind: 'unknown-filters', filters: ['result=great', 'sort_by=size'] }))).toBe(
    'Die Liste versteht die Filter result=great und sort_by=size nicht mehr.',
  );
});

it('says one filter and several in Russian', async () => {
  await speak('ru');
  expect(whyBroken(broken({ kind: 'unknown-filters', filters: ['result=great'] }))).toBe(
    'Список больше не понимает фильтр result=great.',
  );
  expect(whyBroken(broken({ kind: 'unknown-filters', filters: ['a=1', 'b=2', 'c=3'] }))).toBe(
    'Список больше не понимает фильтры a=1, b=2 и c=3.',
  );
});
