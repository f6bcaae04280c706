import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/site-changes.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(siteChangesCatalog)` first in each component that a
 * module of the folder shows on its own (the change report's page, the account's health on the
 * overview), so that none renders before them.
 */
export const siteChangesCatalog = catalog(
  'site-changes',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/site-changes.po',
    '!../../lib/i18n/locales/en/site-changes.po',
  ]),
);
