import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/errors.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * The words of failures (its catalog, lib/i18n/catalogs.ts): the client's own messages, what the
 * pages say about an error, why a connection test failed, and the app's error page. They load with
 * the failure words (../failure-words.ts, which waits for them before it makes an error's message)
 * and with each part that shows a failure (`useCatalog(errorsCatalog)`), never with the first rows.
 */
export const errorsCatalog = catalog(
  'errors',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/errors.po',
    '!../../lib/i18n/locales/en/errors.po',
  ]),
);
