import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/report-compare.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(reportCompareCatalog)` first in the page, the one
 * component the folder's module shows on its own, so that nothing of it renders before them.
 */
export const reportCompareCatalog = catalog(
  'report-compare',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/report-compare.po',
    '!../../lib/i18n/locales/en/report-compare.po',
  ]),
);
