import { setupI18n, type Messages } from '@lingui/core';
import { SOURCE_LANGUAGE } from './i18n/locales';
import { messages as english } from './i18n/locales/en/checks.po';
import { catalog } from './i18n/switch-language';

/**
 * The words of the checks (./checks.ts; the `checks` catalog of lib/i18n/catalogs.ts; their
 * guidance is the `check-guide` catalog of ./check-guide.ts): English's with the code, another language's a chunk of its own.
 * `useCatalog(checksCatalog)` first in each component that shows check words
 * (docs/decisions/0112-the-check-words-catalog.md); a client report says it among its catalogs.
 */
export const checksCatalog = catalog(
  'checks',
  english,
  import.meta.glob<{ messages: Messages }>(['./i18n/locales/*/checks.po', '!./i18n/locales/en/checks.po']),
);

/**
 * The checks' words in English, whatever the dashboard's language: what the CSV files and the copied
 * Markdown say (stable English keys), and what ./checks.ts says when not given an instance.
 */
export const englishCheckWords = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: english } });
