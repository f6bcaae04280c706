import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/report-list.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * The words of the reports list's later parts (its catalog, lib/i18n/catalogs.ts): the filters,
 * the project combobox, the selection bar and the views answered from the audit's reads. The first
 * rows' words are the shell's (pages/reports-page.tsx, components/reports-list.tsx and
 * reports-table.tsx). Each module is loaded on its own (`lazyPart`), so each component it shows
 * calls `useCatalog(reportListCatalog)` first: it renders once its words are in.
 */
export const reportListCatalog = catalog(
  'report-list',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/report-list.po',
    '!../../lib/i18n/locales/en/report-list.po',
  ]),
);
