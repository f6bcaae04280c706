import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/workspace-file.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(workspaceFileCatalog)` first in each component that a module of
 * the folder shows on its own (the settings page's export and import).
 */
export const workspaceFileCatalog = catalog(
  'workspace-file',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/workspace-file.po',
    '!../../lib/i18n/locales/en/workspace-file.po',
  ]),
);
