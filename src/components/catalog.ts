import type { Messages } from '@lingui/core';
import { messages as english } from '../lib/i18n/locales/en/shared-parts.po';
import { catalog } from '../lib/i18n/switch-language';

/**
 * The words of the parts several screens share (pagination, empty lists, failures, confirm
 * dialogs; its catalog, lib/i18n/catalogs.ts), apart from those of the first paint of /reports,
 * which are the shell's. Each part loads them itself (`useCatalog(sharedPartsCatalog)` first in
 * it): none of them is in the first paint, and a screen need not know which it shows.
 */
export const sharedPartsCatalog = catalog(
  'shared-parts',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../lib/i18n/locales/*/shared-parts.po',
    '!../lib/i18n/locales/en/shared-parts.po',
  ]),
);
