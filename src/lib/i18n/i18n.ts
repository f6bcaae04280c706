import { setupI18n } from '@lingui/core';
import { SOURCE_LANGUAGE, type Locale } from './locales';
import { messages as englishShell } from './locales/en/shell.po';

/**
 * The dashboard's language (docs/decisions/0101-i18n-library.md): Lingui's instance, in English
 * from the first line (English's `shell` catalog is in the entry, and index.html says `lang="en"`).
 * Loading other catalogs and switching are in ./switch-language.ts, which a first paint in English
 * does not load.
 */
export const i18n = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: englishShell } });

/** The locale on screen. */
export const activeLocale = (): Locale => i18n.locale as Locale;

/** Calls back when the locale on screen changes (or a catalog arrives); returns the way to stop. */
export const subscribeLocale = (listener: () => void): (() => void) => i18n.on('change', listener);
