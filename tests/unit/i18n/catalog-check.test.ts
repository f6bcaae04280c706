// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogProblems, pseudoLocalize, type MessageInCatalog } from '../../../scripts/i18n-catalogs.mjs';

const LOCALES = ['en', 'de', 'fr', 'es', 'ru', 'pseudo'];
const REPORTS = '{count, plural, one {# report} other {# reports}}';

/** What the code says: two messages, one of them counted. */
const extracted = {
  shell: {
    a1: { message: 'Settings' },
    b2: { message: REPORTS, comments: ['On the list page'] },
  },
};

const translations: Record<string, [string, string]> = {
  en: ['Settings', REPORTS],
  de: ['Einstellungen', '{count, plural, one {# Bericht} other {# Berichte}}'],
  fr: ['Paramètres', '{count, plural, one {# rapport} many {# de rapports} other {# rapports}}'],
  es: ['Ajustes', '{count, plural, one {# informe} many {# de informes} other {# informes}}'],
  ru: ['Настройки', '{count, plural, one {# отчёт} few {# отчёта} many {# отчётов} other {# отчёта}}'],
  pseudo: [pseudoLocalize('Settings'), pseudoLocalize(REPORTS)],
};

/** The catalogs as `--write` and a translator leave them: complete. */
function catalogs() {
  const shell: Record<string, Record<string, MessageInCatalog>> = {};
  for (const [locale, [settings, reports]] of Object.entries(translations))
    shell[locale] = {
      a1: { message: 'Settings', translation: settings, comments: [] },
      b2: { message: REPORTS, translation: reports, comments: ['On the list page'] },
    };
  return { shell };
}

const problemsOf = (files: ReturnType<typeof catalogs>) =>
  catalogProblems({ extracted, catalogs: files, locales: LOCALES, sourceLocale: 'en' });

describe('npm run check:i18n', () => {
  it('passes catalogs that are up to date and complete', () => {
    expect(problemsOf(catalogs())).toEqual([]);
  });

  it('fails when two catalogs translate one message differently, which the one loaded last would override', () => {
    const files: Record<string, Record<string, Record<string, MessageInCatalog>>> = catalogs();
    files.settings = {};
    for (const locale of LOCALES) files.settings[locale] = { a1: { ...files.shell![locale]!.a1! } };
    const both = { ...extracted, settings: { a1: { message: 'Settings' } } };
    const check = () => catalogProblems({ extracted: both, catalogs: files, locales: LOCALES, sourceLocale: 'en' });
    expect(check()).toEqual([]);
    files.settings.de!.a1!.translation = 'Optionen';
    expect(check()).toEqual([
      'de: "Settings" is in shell.po and settings.po, translated differently ("Einstellungen", "Optionen"): ' +
        'the catalog loaded last would show in both; give them the same words, or one a context',
    ]);
  });

  it('fails when a translation is missing', () => {
    const files = catalogs();
    files.shell.de!.a1!.translation = '';
    expect(problemsOf(files)).toEqual(['de/shell.po: "Settings" is not translated']);
  });

  it('fails when a language has no catalog', () => {
    const files = catalogs();
    delete files.shell.ru;
    expect(problemsOf(files)).toEqual([expect.stringMatching(/^ru\/shell\.po: missing/)]);
  });

  it('fails when the code has a message the catalogs do not, or had one it no longer has', () => {
    const files = catalogs();
    delete files.shell.fr!.b2;
    files.shell.fr!.z9 = { message: 'Old words', translation: 'Vieux mots' };
    expect(problemsOf(files)).toEqual([
      expect.stringMatching(/^fr\/shell\.po: lacks "\{count, plural/),
      'fr/shell.po: "Old words" is used nowhere (--write removes it)',
    ]);
    const obsolete = catalogs();
    obsolete.shell.es!.a1!.obsolete = true;
    expect(problemsOf(obsolete)).toContainEqual(expect.stringMatching(/^es\/shell\.po: lacks "Settings"/));
  });

  it('fails when a plural lacks a form its language needs (Russian: one, few, many, other)', () => {
    const files = catalogs();
    files.shell.ru!.b2!.translation = '{count, plural, one {# отчёт} other {# отчёта}}';
    expect(problemsOf(files)).toEqual([expect.stringContaining('lacks the form(s) few, many of ru')]);
  });

  it("fails when a translation's placeholders are not the English ones", () => {
    const files = catalogs();
    files.shell.de!.b2!.translation = '{anzahl, plural, one {# Bericht} other {# Berichte}}';
    expect(problemsOf(files)).toEqual([expect.stringContaining("the translation's placeholders {anzahl}")]);
  });

  it('fails when a comment for translators changed in the code, or the pseudo-locale is not English’s', () => {
    const files = catalogs();
    files.shell.en!.b2!.comments = [];
    files.shell.pseudo!.a1!.translation = 'Settings';
    expect(problemsOf(files)).toEqual([
      expect.stringMatching(/^en\/shell\.po: .* another comment/),
      'pseudo/shell.po: "Settings" is not English\'s pseudo-locale (--write)',
    ]);
  });
});

describe('the pseudo-locale', () => {
  it('accents the text, makes it about 40 % longer and brackets it', () => {
    const pseudo = pseudoLocalize('Skip to content');
    expect(pseudo).toMatch(/^⟦Śķĩƥ ţō ćōńţēńţ ~+⟧$/);
    expect(pseudo.length / 'Skip to content'.length).toBeCloseTo(1.4, 1);
  });

  it('keeps placeholders, plural keys, `#`, elements and ICU quotes as they are', () => {
    expect(pseudoLocalize('Hello {name}, <0>read</0> it')).toMatch(/^⟦Ĥēĺĺō \{name\}, <0>ŕēàď<\/0> ĩţ ~*⟧$/);
    expect(pseudoLocalize(REPORTS)).toMatch(/^⟦\{count, plural, one \{# ŕēƥōŕţ ?~*\} other \{# ŕēƥōŕţś ?~*\}\}⟧$/);
    // '{' and '}' are quoted braces; the x between them is text.
    expect(pseudoLocalize("It's '{'x'}'")).toMatch(/^⟦Ĩţ'ś '\{'ẋ'\}' ?~*⟧$/);
  });
});
