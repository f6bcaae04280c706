import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/settings.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(settingsCatalog)` first in each component that a
 * module of the folder shows on its own (the page, the key dialog the session banners open), so
 * that none renders before them.
 */
export const settingsCatalog = catalog(
  'settings',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/settings.po',
    '!../../lib/i18n/locales/en/settings.po',
  ]),
);
