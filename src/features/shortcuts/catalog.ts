import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/shortcuts.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(shortcutsCatalog)` first in the shortcuts'
 * component, which the shell loads after the first paint (app/layout.tsx), so that their dialog
 * never renders before them.
 */
export const shortcutsCatalog = catalog(
  'shortcuts',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/shortcuts.po',
    '!../../lib/i18n/locales/en/shortcuts.po',
  ]),
);
