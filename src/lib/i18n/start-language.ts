import { SOURCE_LANGUAGE, type Locale } from './locales';
import { browserLanguages, savedLocale, startingLocale } from './saved-language';

let start: { locale: Locale; ready: Promise<void> | null } | undefined;

/**
 * The language the page starts in (its address's `?lang=`, the saved choice, the browser's
 * languages), switched to once: `ready` is null when nothing needs loading (English), else the
 * first render waits for it. If its words cannot be loaded (offline), the page stays in English.
 */
export function startLanguage(): { locale: Locale; ready: Promise<void> | null } {
  if (!start) {
    const locale = startingLocale({ search: location.search, saved: savedLocale(), preferred: browserLanguages() });
    start = { locale, ready: null };
    // English is on screen from the first line: another language is switched to, if it can be.
    if (locale !== SOURCE_LANGUAGE)
      start.ready = import('./switch-language').then((switching) =>
        switching.switchLanguage(locale).catch(switching.keepShownLocale),
      );
  }
  return start;
}
