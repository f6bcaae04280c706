import { plural, t } from '@lingui/core/macro';
import { countItems, settledCount, type Job } from '../jobs';

/*
 * The tray's counts in words, in the language on screen: called while a component that calls
 * `useLingui()` renders (the folder's catalog, ./catalog.ts).
 */

/** Running or paused: not over yet. */
export const isActive = (job: Job) => job.state === 'running' || job.state === 'paused';

/** How far a job has come, as its card says it: "12 of 25 finished · 1 failed". */
export function progressWords(job: Job): string {
  const counts = countItems(job.items);
  const settled = settledCount(counts);
  const total = counts.total;
  const { failed, unknown, waiting, skipped } = counts;
  const parts = [
    job.spec.kind === 'export'
      ? plural(total, { one: `${settled} of # page read`, other: `${settled} of # pages read` })
      : t({ message: `${settled} of ${total} finished`, comment: 'Items of a background job' }),
  ];
  if (failed > 0) parts.push(t({ message: `${failed} failed`, comment: 'Items of a background job' }));
  if (unknown > 0)
    parts.push(
      t({ message: `${unknown} unknown`, comment: 'Items of a background job whose outcome is not known yet' }),
    );
  if (waiting > 0) parts.push(t`${waiting} waiting for the service`);
  if (skipped > 0) parts.push(t({ message: `${skipped} skipped`, comment: 'Items of a background job' }));
  return parts.join(' · ');
}

export interface TrayGlance {
  /** The job a folded tray shows: the first one still running or paused, else the latest. */
  lead: Job;
  /** Its progress in words. */
  progress: string;
  /** The other jobs in words ("1 more job, 2 failed"), or null when there is none. */
  others: string | null;
}

/** What the tray says in one line: the job that matters now, and how many others there are. */
export function trayGlance(jobs: readonly Job[]): TrayGlance | null {
  const lead = jobs.find(isActive) ?? jobs.at(-1);
  if (!lead) return null;
  const rest = jobs.filter((job) => job !== lead);
  const failed = rest.reduce((sum, job) => sum + countItems(job.items).failed, 0);
  const more = rest.length;
  const others =
    more === 0
      ? null
      : failed > 0
        ? plural(more, { one: `# more job, ${failed} failed`, other: `# more jobs, ${failed} failed` })
        : plural(more, { one: '# more job', other: '# more jobs' });
  return { lead, progress: progressWords(lead), others };
}
