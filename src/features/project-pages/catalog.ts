import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/project-pages.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(projectPagesCatalog)` first in each component that a
 * module of the folder shows on its own (the projects list, a project's page and each of its
 * parts, an issue's page, the watch form and the delete dialog loaded later), so that none
 * renders before them.
 */
export const projectPagesCatalog = catalog(
  'project-pages',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/project-pages.po',
    '!../../lib/i18n/locales/en/project-pages.po',
  ]),
);
