import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/project-report.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. The page asks for it first (`useCatalog(projectReportCatalog)`):
 * its toolbar speaks the dashboard's language, the report below it the language chosen for the
 * project, and the catalog is loaded in both.
 */
export const projectReportCatalog = catalog(
  'project-report',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/project-report.po',
    '!../../lib/i18n/locales/en/project-report.po',
  ]),
);
