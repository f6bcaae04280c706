import * as v from 'valibot';
import { readOr } from '../schema';
import { detectLanguage, LOCALES, type Locale } from './locales';
import { browserLanguages, LANGUAGE_KEY } from './saved-language';
import { switchLanguage } from './switch-language';

/**
 * The Language control's side: the choice kept on this device, and making one. Read with the
 * schema library (docs/decisions/0094); the first paint reads the same key by hand
 * (./saved-language.ts).
 */

/** A locale, or '' to follow the browser's languages. */
export type LanguageChoice = Locale | '';

export function savedChoice(): LanguageChoice {
  try {
    return readOr(v.picklist(LOCALES), localStorage.getItem(LANGUAGE_KEY), '');
  } catch {
    return ''; // storage blocked: the browser's languages
  }
}

/** The language the browser asks for, of the dashboard's (what '' shows). */
export const browserLanguage = () => detectLanguage(browserLanguages());

/**
 * Shows the dashboard in the chosen language at once, and keeps the choice on this device once it
 * is on screen. Rejects, keeping nothing, when its words cannot be loaded (offline).
 */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  await switchLanguage(choice || browserLanguage());
  try {
    if (choice) localStorage.setItem(LANGUAGE_KEY, choice);
    else localStorage.removeItem(LANGUAGE_KEY);
  } catch {
    // Not kept, but shown for this visit.
  }
}
