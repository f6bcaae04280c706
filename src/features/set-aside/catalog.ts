import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/set-aside.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(setAsideCatalog)` first in each component of the
 * folder that says anything (the overview and the report's findings load it on their own, the
 * project's pages as a part of theirs), so that none of it renders before its words.
 */
export const setAsideCatalog = catalog(
  'set-aside',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/set-aside.po',
    '!../../lib/i18n/locales/en/set-aside.po',
  ]),
);
