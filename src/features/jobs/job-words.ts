import { plural, t } from '@lingui/core/macro';
import { jobsCatalog } from './catalog';
import { LIMITED_TRIES, roughDuration, type ItemWhy, type Job, type JobCounts, type JobName } from './job-model';

/*
 * The jobs' words, made when shown, in the language on screen: a job keeps what it is (./job-model,
 * `JobName`, `ItemWhy`), never its words, so that a title follows a switch of language and a job
 * another tab started reads in this tab's. Called while a component that called
 * `useCatalog(jobsCatalog)` and `useLingui()` renders (./catalog.ts), or after the catalog is in.
 */

/** "Delete 3 reports", "Analyse 12 pages of shop.example again (weekly plan)". */
export function jobNameWords(name: JobName): string {
  if (name.kind === 'plan') {
    const { pages, project } = name;
    return name.cadence === 'weekly'
      ? plural(pages, {
          one: `Analyse # page of ${project} again (weekly plan)`,
          other: `Analyse # pages of ${project} again (weekly plan)`,
        })
      : plural(pages, {
          one: `Analyse # page of ${project} again (monthly plan)`,
          other: `Analyse # pages of ${project} again (monthly plan)`,
        });
  }
  const { reports } = name;
  switch (name.kind) {
    case 'create':
      return plural(reports, { one: 'Create # report', other: 'Create # reports' });
    case 'delete':
      return plural(reports, { one: 'Delete # report', other: 'Delete # reports' });
    case 'reanalyse':
      return plural(reports, { one: 'Analyse # report again', other: 'Analyse # reports again' });
    case 'privacy':
      return name.privacy === 'public'
        ? plural(reports, { one: 'Make # report public', other: 'Make # reports public' })
        : name.privacy === 'private'
          ? plural(reports, { one: 'Make # report private', other: 'Make # reports private' })
          : plural(reports, {
              one: 'Protect # report with a password',
              other: 'Protect # reports with a password',
            });
    case 'export':
      return name.format === 'csv'
        ? plural(reports, { one: 'Export # report as CSV', other: 'Export # reports as CSV' })
        : plural(reports, { one: 'Export # report as JSON', other: 'Export # reports as JSON' });
  }
}

/**
 * A job's title: made from what it is; else the words it was given (a page's own, or those a job
 * kept before jobs had names, English then), as they are.
 */
export function jobTitle(job: Pick<Job, 'name' | 'title'>): string {
  if (job.name) return jobNameWords(job.name);
  return job.title ?? t({ message: 'A background job', comment: 'The title of a job kept without one' });
}

/** Why an item was skipped, done otherwise, or failed, when the job itself knows. */
export function itemWhyWords(why: ItemWhy): string {
  const tries = LIMITED_TRIES;
  switch (why) {
    case 'has-report':
      return t({ message: 'It already has a report.', comment: 'Why a page of a bulk create was skipped' });
    case 'analysed-existing':
      return t({
        message: 'It already had a report: analysed again.',
        comment: 'A page of a bulk create: its report was analysed again instead of a new one made',
      });
    case 'privacy-kept':
      return t`The connection was lost and the service still holds the previous privacy.`;
    case 'limit-tries':
      return t`The service's limit was still reached after ${tries} tries over ten minutes: another client of the same API key may be using it up. Nothing was changed.`;
    case 'service-tries':
      return t`The service was still unavailable after ${tries} tries over ten minutes. Nothing was changed.`;
    case 'outcome-unknown':
      return t`The connection was lost before the service answered, and the service cannot be reached to check. Nothing will be sent again until we know.`;
  }
}

/** An item's reason in words: the job's own, made now; else as the service or its failure said it. */
export function itemReason(item: { why?: ItemWhy | undefined; reason?: string | undefined }): string | undefined {
  return item.why ? itemWhyWords(item.why) : item.reason;
}

/**
 * An estimate as a part of a sentence ("It takes about 3 minutes …"): "a few seconds", "about 40
 * seconds", "about a minute", "about 3 minutes". Counted words, so messages with a plural (Russian
 * says "около 3 минут", a form Intl's unit formatting does not give), not lib/i18n/format.ts. The
 * tray says the same steps (`roughDuration`) as sentences of their own ("About 3 minutes left.").
 */
export function describeDuration(ms: number): string {
  // English's words come with the code: in, whoever asks first (a page's estimate included).
  void jobsCatalog()?.catch(() => undefined);
  const rough = roughDuration(ms);
  switch (rough.unit) {
    case 'few-seconds':
      return t({ message: 'a few seconds', comment: 'An estimate, inside a sentence: “It takes a few seconds …”' });
    case 'seconds': {
      const { seconds } = rough;
      return plural(seconds, { one: 'about # second', other: 'about # seconds' });
    }
    case 'minute':
      return t({ message: 'about a minute', comment: 'An estimate, inside a sentence: “It takes about a minute …”' });
    case 'minutes': {
      const { minutes } = rough;
      return plural(minutes, { one: 'about # minute', other: 'about # minutes' });
    }
  }
}

/** What a finished job's toast says: "Delete 3 reports: 2 done, 1 not done." */
export function finishedWords(title: string, counts: JobCounts, cancelled: boolean): string {
  const { done, skipped } = counts;
  const problems = counts.failed + counts.unknown;
  const parts = [plural(done, { one: '# done', other: '# done' })];
  if (skipped > 0) parts.push(plural(skipped, { one: '# skipped', other: '# skipped' }));
  if (problems > 0) parts.push(plural(problems, { one: '# not done', other: '# not done' }));
  const outcome = parts.join(', ');
  return cancelled
    ? t({ message: `${title}: ${outcome} (cancelled).`, comment: 'outcome: “2 done, 1 skipped, 1 not done”' })
    : t({ message: `${title}: ${outcome}.`, comment: 'A finished background job; outcome: “2 done, 1 skipped”' });
}
