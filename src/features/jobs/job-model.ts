import type { Privacy, ReportListParams } from '../../api';
import type { DuplicateCheck, PendingLook } from '../../api/write-outcomes';
import { requestLimitPerMinute } from '../../api/transport';

/**
 * What the job queue works on. A job is a list of items run one by one through the API under
 * the shared request budget; each item ends done, failed (with the reason), skipped, cancelled,
 * or unknown (its answer was lost) until reading settles it. Jobs that must survive a reload are
 * kept in IndexedDB (./job-store): everything here is plain data for that reason.
 */

export type ItemStatus = 'pending' | 'sending' | 'waiting' | 'done' | 'failed' | 'unknown' | 'skipped' | 'cancelled';

export interface JobItem {
  /** Unique within its job: the report id, the URL as the service stores it, or the page number. */
  key: string;
  /** What the tray calls it: a URL or "page 3". */
  label: string;
  status: ItemStatus;
  /**
   * Why it failed, was skipped or is unknown, in the words of whoever said it: the service's or
   * its failure's as described when it happened (and, in a job kept before items said `why`, the
   * job's own words, in English).
   */
  reason?: string;
  /** Why, when the job itself knows: its words are made when shown, in the language on screen (./job-words). */
  why?: ItemWhy;
  /** Done, but only known by reading after the answer was lost. */
  settledByReading?: boolean;
  /**
   * When its write was sent (epoch ms), saved BEFORE it is sent: an item found "sending" after a
   * reload may have reached the service, and is settled by reading from this time, never resent.
   */
  sentAt?: number;
  /** create: the URL to send; reanalyse/delete/privacy: the report id (= key). */
  url?: string;
  /** reanalyse: the run it replaces, to recognise the new one by reading. */
  previousGeneratedAt?: string | null;
  /** The report the item created or changed. */
  reportId?: string;
  /** create: other reports of the page the same store left (a request sent twice), or not checked. */
  duplicates?: DuplicateCheck;
  /**
   * create: done, and its look for a second report still to make; the job makes it for all of
   * its stores at once when they are over (kept, so that a reload still makes it).
   */
  look?: PendingLook;
  /** delete: the report's project, when known as the job started: whose kept audit to update. */
  project?: string;
  /**
   * waiting: the service said "not now" (its limit, a 429; or a 503 with Retry-After) and did
   * nothing; the item is sent again by itself at this time (epoch ms), after a reload too.
   */
  retryAt?: number;
  /** What it waits for: the account's limit (429) or the service to be back (503). */
  waitingFor?: 'limit' | 'service';
  /** How many of its tries in a row were answered "not now"; at LIMITED_TRIES it fails. */
  limitedTries?: number;
}

/**
 * What the job knows of an item's outcome, said in words when shown: skipped as it already had a
 * report; its report analysed again instead; the service kept the previous privacy; still "not
 * now" after LIMITED_TRIES tries (the account's limit, or the service away); its answer lost and
 * the service unreachable to check (unknown, checked again by reading).
 */
export type ItemWhy =
  'has-report' | 'analysed-existing' | 'privacy-kept' | 'limit-tries' | 'service-tries' | 'outcome-unknown';

export type ExistingReports = 'skip' | 'reanalyse' | 'create';

export type JobSpec =
  | { kind: 'create'; privacy: Exclude<Privacy, 'password'>; existing: ExistingReports }
  | { kind: 'delete' }
  | { kind: 'privacy'; privacy: Privacy; password?: string }
  | { kind: 'reanalyse' }
  | { kind: 'export'; params: ReportListParams; format: 'csv' | 'json'; withChecks: boolean; fileName: string };

export type JobKind = JobSpec['kind'];
export type JobState = 'running' | 'paused' | 'cancelled' | 'finished';

/**
 * What a job is, for its title: the words are made when shown, so that a job's title follows the
 * language on screen (./job-words, `jobTitle`). Counts and the names the service sent (a project)
 * only: nothing here is in a language.
 */
export type JobName =
  | { kind: 'create'; reports: number }
  | { kind: 'delete'; reports: number }
  | { kind: 'privacy'; reports: number; privacy: Privacy }
  | { kind: 'reanalyse'; reports: number }
  | { kind: 'export'; reports: number; format: 'csv' | 'json' }
  | { kind: 'plan'; pages: number; project: string; cadence: 'weekly' | 'monthly' };

export interface Job {
  id: string;
  spec: JobSpec;
  /** What the job is, its title made from it when shown (jobs started since jobs had names). */
  name?: JobName;
  /**
   * A title in words, shown as it is: given by a page that says its own, or kept by a job started
   * before jobs had names (in the language of that moment, English then).
   */
  title?: string;
  /** The service it belongs to (its base URL): a job never runs under another connection. */
  connection: string;
  createdAt: number;
  state: JobState;
  items: JobItem[];
  /**
   * Set on the queue's snapshot (never kept) for a job that another open tab runs: this tab shows
   * how far it is, as that tab last wrote it, and leaves its controls to that tab.
   */
  inAnotherTab?: true;
}

export interface JobCounts {
  total: number;
  done: number;
  failed: number;
  unknown: number;
  skipped: number;
  cancelled: number;
  /** Not finished yet: pending, being sent, or waiting to be sent again. */
  remaining: number;
  /** Of the remaining, those waiting to be sent again after the service said "not now". */
  waiting: number;
}

export function countItems(items: readonly JobItem[]): JobCounts {
  const counts: JobCounts = {
    total: items.length,
    done: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    cancelled: 0,
    remaining: 0,
    waiting: 0,
  };
  for (const item of items) {
    if (item.status === 'pending' || item.status === 'sending' || item.status === 'waiting') counts.remaining += 1;
    else counts[item.status] += 1;
    if (item.status === 'waiting') counts.waiting += 1;
  }
  return counts;
}

/**
 * How many tries of one item may be answered "not now" in a row before it fails, and the least
 * time between them (doubling, up to LIMIT_WAIT_MAX_MS): six tries spread over ten minutes at
 * least, however short the service's Retry-After (docs/decisions/0066).
 */
export const LIMITED_TRIES = 6;
const LIMIT_WAIT_FLOOR_MS = 20_000;
const LIMIT_WAIT_MAX_MS = 5 * 60_000;

/** When an item whose `tries`-th try in a row was answered "not now" goes again: at least what the service asked. */
export function limitWaitMs(tries: number, askedMs: number): number {
  const floor = Math.min(LIMIT_WAIT_FLOOR_MS * 2 ** (tries - 1), LIMIT_WAIT_MAX_MS);
  return Math.max(askedMs, floor);
}

/** Why an item failed after its last try was answered "not now" too (./job-words says it). */
export function limitFailureWhy(waitingFor: 'limit' | 'service'): ItemWhy {
  return waitingFor === 'limit' ? 'limit-tries' : 'service-tries';
}

/** Finished items, for progress: everything that will not be sent again by itself. */
export function settledCount(counts: JobCounts): number {
  return counts.total - counts.remaining - counts.unknown;
}

/** Jobs that resume after a reload. An export's rows and a password are not kept on the device. */
export function isPersisted(spec: JobSpec): boolean {
  if (spec.kind === 'export') return false;
  return !(spec.kind === 'privacy' && spec.password !== undefined);
}

/**
 * Requests one item costs at least: a create also looks for a second report after its store
 * (decision 64), and may read first to find an existing report.
 */
export function requestsPerItem(spec: JobSpec): number {
  if (spec.kind !== 'create') return 1;
  return spec.existing !== 'create' ? 2.1 : 2;
}

/**
 * Time left: each remaining item costs its share of the request budget, or the measured time an
 * item takes spread over the items run at once, whichever is slower. Before any item finished,
 * the budget alone (an analysis takes seconds, the budget is the slower for a long job).
 */
export function estimateMsLeft({
  remaining,
  perMinute,
  requestsEach,
  measuredItemMs,
  concurrency,
}: {
  remaining: number;
  perMinute: number;
  requestsEach: number;
  measuredItemMs: number | null;
  concurrency: number;
}): number {
  if (remaining <= 0) return 0;
  const budgetMs = Number.isFinite(perMinute) && perMinute > 0 ? (60_000 / perMinute) * requestsEach : 0;
  const workMs = measuredItemMs === null ? 0 : measuredItemMs / concurrency;
  return Math.round(remaining * Math.max(budgetMs, workMs));
}

/**
 * An estimate's steps, said by ./job-words (`describeDuration`: "about 3 minutes") and by the
 * tray's sentences ("About 3 minutes left."): a few seconds; tens of seconds; about a minute;
 * whole minutes.
 */
export type RoughDuration =
  | { unit: 'few-seconds' }
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minute' }
  | { unit: 'minutes'; minutes: number };

export function roughDuration(ms: number): RoughDuration {
  if (ms < 15_000) return { unit: 'few-seconds' };
  if (ms < 60_000) return { unit: 'seconds', seconds: Math.round(ms / 10_000) * 10 };
  const minutes = Math.round(ms / 60_000);
  return minutes <= 1 ? { unit: 'minute' } : { unit: 'minutes', minutes };
}

/** An export reads pages of 100: the fewest requests the service allows (1,000 rows = 10). */
export const EXPORT_PAGE_SIZE = 100;

/** Before a job exists: items × what the budget allows each. */
export function estimateForItems(spec: JobSpec, count: number): number {
  return estimateMsLeft({
    remaining: count,
    perMinute: requestLimitPerMinute(),
    requestsEach: requestsPerItem(spec),
    measuredItemMs: null,
    concurrency: 1,
  });
}
