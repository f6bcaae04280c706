import type { Messages } from '@lingui/core';
import { activeLocale } from '../../lib/i18n/i18n';
import { SOURCE_LANGUAGE } from '../../lib/i18n/locales';
import { messages as english } from '../../lib/i18n/locales/en/team.po';
import { catalog } from '../../lib/i18n/switch-language';

const load = catalog(
  'team',
  english,
  import.meta.glob<{ messages: Messages }>(['../../lib/i18n/locales/*/team.po', '!../../lib/i18n/locales/en/team.po']),
);

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(teamCatalog)` first in each component that a
 * module of the folder shows on its own (the settings page's Team part, and the shell's team status).
 *
 * These parts load later than their page: one may come while a switch from English is under way.
 * It then renders in English, at hand, rather than suspending on the new language's words: the
 * switch waits for them, as for every catalog in use, before it shows the new language.
 */
export function teamCatalog(): Promise<void> | null {
  const loading = load();
  return activeLocale() === SOURCE_LANGUAGE ? null : loading;
}
