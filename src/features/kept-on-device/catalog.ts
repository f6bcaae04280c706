import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/kept-on-device.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(keptOnDeviceCatalog)` first in each component that a module of
 * the folder shows on its own (the settings page's part, and the shell's notice that the browser removed what was kept).
 */
export const keptOnDeviceCatalog = catalog(
  'kept-on-device',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/kept-on-device.po',
    '!../../lib/i18n/locales/en/kept-on-device.po',
  ]),
);
