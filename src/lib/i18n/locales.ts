/**
 * The dashboard's languages (docs/decisions/0101-i18n-library.md): their codes, their names, which
 * one a browser asks for. Nothing here needs the catalogs; lingui.config.ts reads this list too.
 */

/** The languages a person can choose, English first: the source of every message. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Accented and about 40 % longer English, to see in a browser what is not yet a message and what
 * a longer language does to a layout. Only when asked (`?lang=pseudo`, or stored by a test run):
 * the Language control does not offer it.
 */
export const PSEUDO_LOCALE = 'pseudo';
export type Locale = Language | typeof PSEUDO_LOCALE;
export const LOCALES: readonly Locale[] = [...LANGUAGES, PSEUDO_LOCALE];

export const SOURCE_LANGUAGE: Language = 'en';

/** Each language named in itself, as the Language control lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ru: 'Русский',
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The dashboard's language for a BCP 47 tag the browser gives ("de-AT" → "de"), if it has one. */
export function languageOf(tag: string): Language | undefined {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGES.find((language) => language === primary);
}

/** The first of the browser's languages (`navigator.languages`, in its order) the dashboard speaks; else English. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return SOURCE_LANGUAGE;
}
