import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/segments.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(segmentsCatalog)` first in each component of the
 * folder that says anything (the segments' part and the pages of one, the filter's select, the
 * settings: each loads after its page), so that none of it renders before its words.
 */
export const segmentsCatalog = catalog(
  'segments',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/segments.po',
    '!../../lib/i18n/locales/en/segments.po',
  ]),
);
