import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/report-page.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own, fetched when the page first renders (after the route's code: one
 * round trip more, in another language than English). `useCatalog(reportPageCatalog)` first in
 * each component that a module of the folder shows on its own (the page, the privacy form), so
 * that none renders before them.
 */
export const reportPageCatalog = catalog(
  'report-page',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/report-page.po',
    '!../../lib/i18n/locales/en/report-page.po',
  ]),
);
