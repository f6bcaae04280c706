import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/saved-views.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. The navigation's saved views come after the first rows, so their
 * words are not the first paint's. `useCatalog(savedViewsCatalog)` first in each component the
 * folder shows: the navigation's, the overview's list and the settings page's management.
 */
export const savedViewsCatalog = catalog(
  'saved-views',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/saved-views.po',
    '!../../lib/i18n/locales/en/saved-views.po',
  ]),
);
