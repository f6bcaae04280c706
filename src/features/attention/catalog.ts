import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/overview.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * The overview's words and this folder's (one catalog, `overview`: lib/i18n/catalogs.ts): English's
 * with the code, another language's a chunk of its own. Declared here rather than in
 * features/overview, which imports this folder (the other way would make a cycle).
 * `useCatalog(overviewCatalog)` first in each component that a module of the two folders shows on
 * its own (the overview page, its background read's message, the navigation's count), so that
 * none renders before them.
 */
export const overviewCatalog = catalog(
  'overview',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/overview.po',
    '!../../lib/i18n/locales/en/overview.po',
  ]),
);
