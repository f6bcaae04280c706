import type { Messages } from '@lingui/core';
import { messages as english } from '../../lib/i18n/locales/en/job-tray.po';
import { catalog } from '../../lib/i18n/switch-language';

/**
 * This folder's words (its catalog, lib/i18n/catalogs.ts): English's with the code, another
 * language's a chunk of its own. `useCatalog(jobTrayCatalog)` first in each component of the
 * folder that says something and is shown on its own (the tray, which the launcher loads once a job
 * exists; a job's items, on the page that started it too), so that none renders before them. The
 * launcher itself says nothing: no page fetches these words before a job is there.
 */
export const jobTrayCatalog = catalog(
  'job-tray',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../../lib/i18n/locales/*/job-tray.po',
    '!../../lib/i18n/locales/en/job-tray.po',
  ]),
);
