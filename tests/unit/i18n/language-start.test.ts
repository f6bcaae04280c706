import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, languageOf } from '../../../src/lib/i18n/locales';
import { LANGUAGE_KEY, savedLocale, startingLocale } from '../../../src/lib/i18n/saved-language';

describe('the language a page starts in', () => {
  it('is the first of the browser’s languages the dashboard speaks, by its language subtag', () => {
    expect(detectLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(detectLanguage(['pt-BR', 'fr-CA', 'de'])).toBe('fr');
    expect(detectLanguage(['RU'])).toBe('ru');
    expect(languageOf('es_419')).toBe('es');
  });

  it('is English when the browser asks for none of them, or for nothing', () => {
    expect(detectLanguage(['pt-BR', 'ja'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
    expect(detectLanguage(['english'])).toBe('en');
  });

  it('is the saved choice over the browser’s, and the address’s `?lang=` over both', () => {
    expect(startingLocale({ search: '', saved: 'ru', preferred: ['de-DE'] })).toBe('ru');
    expect(startingLocale({ search: '', saved: undefined, preferred: ['de-DE'] })).toBe('de');
    expect(startingLocale({ search: '?page=2&lang=pseudo', saved: 'ru', preferred: ['de'] })).toBe('pseudo');
    expect(startingLocale({ search: '?lang=fr', saved: 'ru', preferred: ['de'] })).toBe('fr');
    expect(startingLocale({ search: '?lang=klingon', saved: 'ru', preferred: ['de'] })).toBe('ru');
  });
});

describe('the saved choice', () => {
  afterEach(() => localStorage.clear());

  it('is read when it is one of the locales, the pseudo-locale included', () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    expect(savedLocale()).toBe('es');
    localStorage.setItem(LANGUAGE_KEY, 'pseudo');
    expect(savedLocale()).toBe('pseudo');
  });

  it('is no choice when it is something else, or storage is blocked', () => {
    expect(savedLocale()).toBeUndefined();
    for (const stored of ['klingon', '"de"', 'DE', '']) {
      localStorage.setItem(LANGUAGE_KEY, stored);
      expect(savedLocale()).toBeUndefined();
    }
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(savedLocale()).toBeUndefined();
  });
});

describe('starting and switching', () => {
  // Each test starts a page afresh: the modules keep which language they started in.
  const fresh = async () => {
    vi.resetModules();
    const [start, core, switching] = await Promise.all([
      import('../../../src/lib/i18n/start-language'),
      import('../../../src/lib/i18n/i18n'),
      import('../../../src/lib/i18n/switch-language'),
    ]);
    return { ...start, ...core, ...switching };
  };
  const REPORTS = generateMessageId('Reports');

  beforeEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });
  afterEach(() => localStorage.clear());

  it('starts in English at once, with nothing to wait for', async () => {
    const { startLanguage, i18n } = await fresh();
    expect(startLanguage()).toEqual({ locale: 'en', ready: null });
    expect(i18n._(REPORTS)).toBe('Reports');
  });

  it('starts in the saved language once its words are loaded, and says so to <html>', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de');
    const { startLanguage, i18n, activeLocale } = await fresh();
    const { locale, ready } = startLanguage();
    expect(locale).toBe('de');
    expect(activeLocale()).toBe('en');
    await ready;
    expect(activeLocale()).toBe('de');
    expect(i18n._(REPORTS)).toBe('Berichte');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('switches without a reload, and tells who listens', async () => {
    const { switchLanguage, subscribeLocale, i18n } = await fresh();
    const heard = vi.fn();
    subscribeLocale(heard);
    await switchLanguage('ru');
    expect(i18n._(REPORTS)).toBe('Отчёты');
    expect(document.documentElement.lang).toBe('ru');
    expect(heard).toHaveBeenCalled();
    await switchLanguage('pseudo');
    expect(i18n._(REPORTS)).toMatch(/^⟦Ŕēƥōŕţś/);
    expect(document.documentElement.lang).toBe('en-XA');
  });

  it('shows the last language asked for when two switches overlap', async () => {
    const { switchLanguage, activeLocale } = await fresh();
    const first = switchLanguage('fr');
    await switchLanguage('es');
    await first;
    expect(activeLocale()).toBe('es');
  });
});
