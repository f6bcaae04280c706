import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/new-report.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(newReportCatalog)` first in each component that a
 * module of the folder shows on its own (the page; the list of many pages, whose code loads when
 * its section opens), so that none renders before them.
 */
export const newReportCatalog = catalog(
  'new-report',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/new-report.po',
    '!../../lib/i18n/locales/en/new-report.po',
  ]),
);
