import { detectLanguage, isLocale, type Locale } from './locales';

/**
 * The language chosen on this device, and the one a page starts in. Only this much is in the
 * first paint; the choice itself is read and written with the Language control
 * (./language-choice.ts, with the settings page).
 */
export const LANGUAGE_KEY = 'seo-dashboard:language';

/** Read by hand, not with the schema library (docs/decisions/0094): this is in the first paint of /reports. */
export function savedLocale(): Locale | undefined {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return isLocale(saved) ? saved : undefined;
  } catch {
    return undefined; // storage blocked: the browser's languages
  }
}

/** The locale an address asks for (`?lang=pseudo`, `?lang=de`): for this page load, not kept. */
export function askedLocale(search: string): Locale | undefined {
  const asked = new URLSearchParams(search).get('lang');
  return isLocale(asked) ? asked : undefined;
}

/** Where a page starts: what its address asks for, else the saved choice, else the browser's languages. */
export function startingLocale({
  search,
  saved,
  preferred,
}: {
  search: string;
  saved: Locale | undefined;
  preferred: readonly string[];
}): Locale {
  return askedLocale(search) ?? saved ?? detectLanguage(preferred);
}

/** The browser's languages, most wanted first (`navigator.language` where the list is missing). */
export const browserLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language];
