import { countItems, settledCount, type Job } from '../jobs';

/** Running or paused: not over yet. */
export const isActive = (job: Job) => job.state === 'running' || job.state === 'paused';

/** How far a job has come, as its card says it: "12 of 25 finished · 1 failed". */
export function progressWords(job: Job): string {
  const counts = countItems(job.items);
  return (
    `${settledCount(counts)} of ${counts.total} ${job.spec.kind === 'export' ? 'pages read' : 'finished'}` +
    (counts.failed > 0 ? ` · ${counts.failed} failed` : '') +
    (counts.unknown > 0 ? ` · ${counts.unknown} unknown` : '') +
    (counts.waiting > 0 ? ` · ${counts.waiting} waiting for the service` : '') +
    (counts.skipped > 0 ? ` · ${counts.skipped} skipped` : '')
  );
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
  const others =
    rest.length === 0
      ? null
      : `${rest.length} more ${rest.length === 1 ? 'job' : 'jobs'}${failed > 0 ? `, ${failed} failed` : ''}`;
  return { lead, progress: progressWords(lead), others };
}
