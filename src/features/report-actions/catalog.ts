import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/report-actions.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): the privacy fields and the delete of a
 * report, which the report page and the new report form show. `useCatalog(reportActionsCatalog)`
 * first in each of its components that says something.
 */
export const reportActionsCatalog = catalog(
  'report-actions',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/report-actions.po',
    '!../../lib/i18n/locales/en/report-actions.po',
  ]),
);
