import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/jobs.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * The jobs' own words (their catalog, lib/i18n/catalogs.ts): a job's title, an item's outcome,
 * the summary of a finished job, an estimate ("about 3 minutes"). English's with the code, another
 * language's a chunk of its own. The tray shows most of them; an estimate is shown by the pages
 * that offer a job too: `useCatalog(jobsCatalog)` first in each component that shows them (the
 * tray's, the items', and a page's that says an estimate), so that none renders before them.
 */
export const jobsCatalog = catalog(
  'jobs',
  english,
  import.meta.glob<{ messages: Messages }>(['../../lib/i18n/locales/*/jobs.po', '!../../lib/i18n/locales/en/jobs.po']),
);
