import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/team.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(teamCatalog)` first in each component that a module of
 * the folder shows on its own (the settings page's Team part, and the shell's team status).
 */
export const teamCatalog = catalog(
  'team',
  english,
  import.meta.glob<{ messages: Messages }>(['../../lib/i18n/locales/*/team.po', '!../../lib/i18n/locales/en/team.po']),
);
