import type { QueryClient } from '@tanstack/react-query';
import { getTransport, type Report } from '../../api';
import { requestLimitPerMinute } from '../../api/transport';
import { toast } from '../../components/toast';
import { connectionIdOf, formerJobsIdOf } from '../../lib/connection-key';
import { getConnection, getConnectionChange, subscribeConnection, type Connection } from '../connection';
import { reportsToCsv, reportsToJson, downloadFile } from '../exports';
import { servicePageOf } from '../exports';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { announceJobStarted, jobTabs } from './job-events';
import { jobsCatalog } from './catalog';
import {
  countItems,
  estimateMsLeft,
  requestsPerItem,
  type Job,
  type JobItem,
  type JobName,
  type JobSpec,
} from './job-model';
import { createJobQueue, type JobQueue } from './job-queue';
import { defaultJobStore } from './job-store';
import { finishedWords, jobTitle } from './job-words';

/** The tab's one job queue, created by the first page that starts a job or finds saved ones. */
let queue: JobQueue | undefined;

let idFor: { connection: Connection | null; id: string } = { connection: null, id: '' };

/** The account a job belongs to: the service and its key (a job never writes to another). */
export function connectionId(): string {
  // Asked on every render of the tray (each job's progress): hashed once per connection.
  const connection = getConnection();
  if (connection !== idFor.connection) idFor = { connection, id: connectionIdOf(connection) };
  return idFor.id;
}

/** Tells the queue each change of the connection, and whether it was the same account's new key. */
function watchConnection(listener: (change: { keyReplaced: boolean }) => void): () => void {
  let previous = connectionId();
  return subscribeConnection(() => {
    const next = connectionId();
    if (next === previous) return;
    previous = next;
    listener({ keyReplaced: getConnectionChange().keyReplaced });
  });
}

export function getJobQueue(queryClient: QueryClient): JobQueue {
  queue ??= createJobQueue({
    store: defaultJobStore(),
    connection: connectionId,
    formerConnections: () => [formerJobsIdOf(getConnection())],
    watchConnection,
    queryClient,
    onFinished: (job) => void finished(job),
    otherTabs: jobTabs(),
  });
  return queue;
}

/** For tests: a fresh queue per test. */
export function resetJobQueue(next?: JobQueue): void {
  queue = next;
}

/**
 * Starts a job of the queue. `title`: what the job is (its words are made when shown, in the
 * language on screen then: prefer it), or words of the caller's own, kept and shown as given.
 * `reportsBefore`: for a re-analysis, the reports as the screen has them: the results each item
 * replaces, kept on this device (and shared with a team) as a report's page keeps them.
 */
export async function startJob(
  queryClient: QueryClient,
  spec: JobSpec,
  title: JobName | string,
  items: Omit<JobItem, 'status'>[],
  reportsBefore: readonly Report[] = [],
): Promise<Job> {
  const job = await getJobQueue(queryClient).start(spec, title, items, reportsBefore);
  announceJobStarted();
  return job;
}

/**
 * The estimate the tray and the confirmations show: from the budget and the measured item time,
 * and never less than the wait of an item the service answered "not now".
 */
export function timeLeftMs(job: Job, measuredItemMs: number | null, concurrency: number): number {
  const estimate = estimateMsLeft({
    remaining: countItems(job.items).remaining,
    perMinute: requestLimitPerMinute(),
    requestsEach: requestsPerItem(job.spec),
    measuredItemMs,
    concurrency,
  });
  const waits = job.items.map((item) => (item.status === 'waiting' ? (item.retryAt ?? 0) - Date.now() : 0));
  return Math.max(estimate, ...waits);
}

/** The export's file, built when its last page is in. */
export async function exportFile(job: Job): Promise<{ name: string; text: string; type: string } | null> {
  if (job.spec.kind !== 'export' || !queue) return null;
  const rows = queue.exportedRows(job.id);
  const [{ baseUrl }, config] = await Promise.all([getTransport(), getRuntimeConfig()]);
  // As the report page's share link says it: an empty base URL is the API proxied under this origin.
  const service = baseUrl || config.apiBaseUrl || window.location.origin;
  const pageOf = (id: string) => servicePageOf(config, service, id);
  const { format, withChecks, fileName } = job.spec;
  return format === 'csv'
    ? { name: `${fileName}.csv`, text: reportsToCsv(rows, pageOf, withChecks), type: 'text/csv;charset=utf-8' }
    : { name: `${fileName}.json`, text: reportsToJson(rows, pageOf, withChecks), type: 'application/json' };
}

async function finished(job: Job) {
  const counts = countItems(job.items);
  if (job.spec.kind === 'export') {
    if (job.state !== 'finished' || counts.failed > 0) return;
    const file = await exportFile(job);
    if (file) downloadFile(file.name, file.text, file.type);
    return;
  }
  const problems = counts.failed + counts.unknown;
  // Said in the language on screen: its words are in before the toast is made (the tray loads them
  // too; a job may end before the tray has).
  await jobsCatalog()?.catch(() => undefined);
  const text = finishedWords(jobTitle(job), counts, job.state === 'cancelled');
  if (problems > 0) toast.error(text);
  else toast.success(text);
}
