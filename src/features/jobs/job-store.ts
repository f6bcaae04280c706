import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import type { Job } from './job-model';

/**
 * Where jobs that must survive a reload or a closed tab are kept: IndexedDB, one record per
 * job, keyed by its id; each job names the connection (base URL) it belongs to, and only that
 * connection's jobs are resumed. Where IndexedDB is missing (some private modes, old browsers)
 * jobs run all the same and are lost with the tab: the store says so with `persistent`.
 */
export interface JobStore {
  readonly persistent: boolean;
  save(job: Job): Promise<void>;
  remove(id: string): Promise<void>;
  all(): Promise<Job[]>;
}

const DB_NAME = 'seo-dashboard-jobs';
const STORE_NAME = 'jobs';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What a job is, for its title (job-model's `JobName`). */
const JobNameSchema = v.variant('kind', [
  v.object({ kind: v.picklist(['create', 'delete', 'reanalyse']), reports: count }),
  v.object({ kind: v.literal('privacy'), reports: count, privacy: v.picklist(['public', 'private', 'password']) }),
  v.object({ kind: v.literal('export'), reports: count, format: v.picklist(['csv', 'json']) }),
  v.object({
    kind: v.literal('plan'),
    pages: count,
    project: v.string(),
    cadence: v.picklist(['weekly', 'monthly']),
  }),
]);

/**
 * Another version may have written another shape: only records that look like jobs count, and
 * they are kept as stored (the queue reads its items' fields as it runs them). A job's title is
 * what it is (`name`), or words (`title`: a job kept before jobs had names, in English): a job
 * with neither, or a name of a kind this version does not know, is kept all the same and shows
 * the title it has, or a general one.
 */
const JobShapeSchema = v.looseObject({
  id: v.string(),
  connection: v.string(),
  spec: v.looseObject({}),
  items: v.array(v.unknown()),
  title: v.optional(v.string()),
  name: v.optional(v.unknown()),
});
const isJob = (value: unknown): value is Job => v.is(JobShapeSchema, value);

/** The record as a job, or null when it is none; a name this version cannot say is left out. */
export function readJob(value: unknown): Job | null {
  if (!isJob(value)) return null;
  if (value.name === undefined || v.is(JobNameSchema, value.name)) return value;
  const { name: _unreadable, ...job } = value;
  return job;
}

export function memoryJobStore(): JobStore {
  const jobs = new Map<string, Job>();
  return {
    persistent: false,
    save: async (job) => void jobs.set(job.id, structuredClone(job)),
    remove: async (id) => void jobs.delete(id),
    all: async () => [...jobs.values()].map((job) => structuredClone(job)),
  };
}

export function indexedDbJobStore(dbName = DB_NAME): JobStore {
  let store: UseStore | undefined;
  const open = () => (store ??= createStore(dbName, STORE_NAME));
  return {
    persistent: true,
    save: (job) => set(job.id, job, open()),
    remove: (id) => del(id, open()),
    all: async () => (await values<unknown>(open())).flatMap((value) => readJob(value) ?? []),
  };
}

export function defaultJobStore(): JobStore {
  return typeof indexedDB === 'undefined' ? memoryJobStore() : indexedDbJobStore();
}

/** Whether the device holds any job (to resume): read without loading the queue. */
export async function hasSavedJobs(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    return (await indexedDbJobStore().all()).length > 0;
  } catch {
    return false;
  }
}

/**
 * How many jobs the device holds and their size (the length of their JSON): the settings page's
 * figures. Read without loading the queue; none where IndexedDB is missing or refuses.
 */
export async function savedJobsFootprint(): Promise<{ entries: number; bytes: number }> {
  if (typeof indexedDB === 'undefined') return { entries: 0, bytes: 0 };
  try {
    const jobs = await indexedDbJobStore().all();
    return { entries: jobs.length, bytes: jobs.reduce((sum, job) => sum + JSON.stringify(job).length, 0) };
  } catch {
    return { entries: 0, bytes: 0 };
  }
}
