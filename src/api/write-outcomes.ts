import { isSamePage } from '../lib/same-page';
import { toServiceUrl } from '../lib/service-url';
import { ApiError, isAbortError, isApiError } from './errors';
import { listReports, showReport } from './reports';
import { deleteProject, deleteReport, storeReport, updateReport } from './writes';
import { ANALYSIS_TIMEOUT_MS } from './request';
import type { Report, ReportId, StoreReportInput, UpdateReportInput } from '../lib/service-types';

/**
 * Writes whose answer may be lost. A write ends done, failed (the service said no), or
 * unknown: the request may have reached the service and the answer was lost on the way back
 * (connection cut, timeout, a gateway that gave up, an answer cut in half). The service has no
 * idempotency keys, so an unknown write is never sent again blindly: it is settled by reading
 * what the service holds, and the person is told what is true. See docs/decisions/0022.
 */

/** What a settled write gives back: `settledByReading` when its own answer was lost. */
export interface WriteResult<T> {
  value: T;
  settledByReading: boolean;
  /** A store: when it was sent (epoch ms), for the look for a second report (`checkForDuplicates`). */
  sentAt?: number;
}

export interface SettleOptions {
  signal?: AbortSignal | undefined;
  /** Called when the answer was lost and the dashboard starts reading (each attempt). */
  onSettling?: ((progress: SettleProgress) => void) | undefined;
  /** Between reads while waiting for a slow analysis to show up. */
  pollIntervalMs?: number;
  now?: () => number;
}

export interface SettleProgress {
  attempt: number;
  /** Whether it keeps reading until `lookingUntil` (a slow analysis may still be running). */
  polls: boolean;
  /** Until when the dashboard keeps looking (epoch ms). */
  lookingUntil: number;
}

/** How far the service's clock may be behind ours when matching "created since we sent it". */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** A slow analysis can finish after our timeout: keep looking a little past it. */
const SETTLE_MARGIN_MS = 30_000;
const DEFAULT_POLL_MS = 5_000;
const READ_TRIES = 3;

/** The write may have reached the service: its answer was lost, or could not be read. */
export function mayHaveReachedService(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'invalid-response') return true;
  // A gateway that gave up waiting says nothing about whether the service behind it acted.
  return error.kind === 'http' && (error.status === 502 || error.status === 504);
}

/**
 * The write could not be settled (the service could not be read either). Carries a way to try
 * the reading again: the only safe next step, never the write itself.
 */
export class UnknownOutcomeError<T> extends ApiError {
  readonly recheck: (options?: SettleOptions) => Promise<WriteResult<T>>;
  constructor(message: string, recheck: (options?: SettleOptions) => Promise<WriteResult<T>>, cause: unknown) {
    super('unknown-outcome', message, { cause });
    this.recheck = recheck;
  }
}

/** `T` is what the write gives back; the caller knows which write the error came from. */
export function isUnknownOutcome<T = unknown>(error: unknown): error is UnknownOutcomeError<T> {
  return error instanceof UnknownOutcomeError;
}

/** The answer was lost, and reading shows the write did not happen: trying again is safe. */
function notDone(cause: ApiError, message: string): ApiError {
  return new ApiError(cause.kind, message, { status: cause.status, cause });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A read made to settle a write, tried a few times: one lost read must not leave it unknown. */
async function readBack<T>(read: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < READ_TRIES; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      if (!isApiError(error) || !error.isTransient) throw error;
      lastError = error;
      // No wait after the last try: its failure is the answer.
      if (attempt + 1 < READ_TRIES) await sleep(500 * 2 ** attempt, signal);
    }
  }
  throw lastError;
}

/**
 * Reads until `probe` finds the write's effect or the time is up. Transient read failures are
 * skipped; if no read succeeded at all, the outcome stays unknown.
 */
async function pollUntilFound<T>(
  probe: () => Promise<T | null>,
  sentAt: number,
  options: SettleOptions,
): Promise<{ found: T } | { found: null; anyReadSucceeded: boolean; lastError: unknown }> {
  const now = options.now ?? Date.now;
  const interval = options.pollIntervalMs ?? DEFAULT_POLL_MS;
  const lookingUntil = sentAt + ANALYSIS_TIMEOUT_MS + SETTLE_MARGIN_MS;
  let anyReadSucceeded = false;
  let lastError: unknown;
  for (let attempt = 1; ; attempt += 1) {
    options.onSettling?.({ attempt, polls: true, lookingUntil });
    try {
      const found = await probe();
      anyReadSucceeded = true;
      if (found !== null) return { found };
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) throw error;
      lastError = error;
    }
    if (now() + interval > lookingUntil) return { found: null, anyReadSucceeded, lastError };
    await sleep(interval, options.signal);
  }
}

/**
 * The reports the service holds of one page, newest first: one list read, searching for the URL
 * as the service stores it. Settling a store, the look for a second one, and a bulk create's
 * "already has a report" all read it this way.
 */
export async function reportsOfPage(url: string, signal?: AbortSignal): Promise<Report[]> {
  const stored = toServiceUrl(url) ?? url;
  const page = await listReports({ search: stored, sortBy: 'id', sort: 'desc', perPage: 25 }, { signal });
  return page.items.filter((report) => isSamePage(report.url, stored));
}

/** The newest report of this page created since `sentAt` (give or take the clock skew). */
export async function findCreatedReport(url: string, sentAt: number, signal?: AbortSignal): Promise<Report | null> {
  const since = sentAt - CLOCK_SKEW_MS;
  const reports = await reportsOfPage(url, signal);
  return reports.find((report) => report.createdAt !== null && Date.parse(report.createdAt) >= since) ?? null;
}

/**
 * Creates a report. If the answer is lost, looks for a report of that page created since the
 * request was sent, for as long as an analysis may take; found means created, not found means
 * not created (safe to try again), and no answer at all means unknown (check again later).
 */
export async function storeReportSettled(
  input: StoreReportInput,
  options: SettleOptions = {},
): Promise<WriteResult<Report>> {
  const sentAt = (options.now ?? Date.now)();
  try {
    return { value: await storeReport(input, { signal: options.signal }), settledByReading: false, sentAt };
  } catch (error) {
    if (!mayHaveReachedService(error)) throw error;
    return settleStore(input, sentAt, error as ApiError, options);
  }
}

async function settleStore(
  input: StoreReportInput,
  sentAt: number,
  cause: ApiError,
  options: SettleOptions,
): Promise<WriteResult<Report>> {
  const result = await pollUntilFound(() => findCreatedReport(input.url, sentAt, options.signal), sentAt, options);
  if (result.found) return { value: result.found, settledByReading: true, sentAt };
  if (!result.anyReadSucceeded) {
    throw new UnknownOutcomeError<Report>(
      'The connection was lost before the service answered, and the service cannot be reached to check whether the report was created.',
      (again) => settleStore(input, sentAt, cause, { ...options, ...again }),
      result.lastError ?? cause,
    );
  }
  throw notDone(
    cause,
    'The connection was lost before the service answered, and the service has no new report of this page: it was not created. It is safe to try again.',
  );
}

/**
 * Deletes a report. A 404 means it is gone already (e.g. a retry after a lost answer); a lost
 * answer is settled by reading the report: 404 means deleted.
 */
export async function deleteReportSettled(id: ReportId, options: SettleOptions = {}): Promise<WriteResult<ReportId>> {
  try {
    await deleteReport(id, { signal: options.signal });
    return { value: id, settledByReading: false };
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return { value: id, settledByReading: true };
    if (!mayHaveReachedService(error)) throw error;
    return settleReportDelete(id, error as ApiError, options);
  }
}

async function settleReportDelete(
  id: ReportId,
  cause: ApiError,
  options: SettleOptions,
): Promise<WriteResult<ReportId>> {
  options.onSettling?.({ attempt: 1, polls: false, lookingUntil: (options.now ?? Date.now)() });
  try {
    await readBack(() => showReport(id, { signal: options.signal }), options.signal);
  } catch (readError) {
    if (isApiError(readError) && readError.isNotFound) return { value: id, settledByReading: true };
    if (isAbortError(readError)) throw readError;
    throw new UnknownOutcomeError<ReportId>(
      'The connection was lost before the service answered, and the service cannot be reached to check whether the report was deleted.',
      (again) => settleReportDelete(id, cause, { ...options, ...again }),
      readError,
    );
  }
  throw notDone(cause, 'The connection was lost and the service still has this report: it was not deleted.');
}

/** Deletes a project (every report of its host); a lost answer is settled by counting its reports. */
export async function deleteProjectSettled(name: string, options: SettleOptions = {}): Promise<WriteResult<string>> {
  try {
    await deleteProject(name, { signal: options.signal });
    return { value: name, settledByReading: false };
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return { value: name, settledByReading: true };
    if (!mayHaveReachedService(error)) throw error;
    return settleProjectDelete(name, error as ApiError, options);
  }
}

async function settleProjectDelete(
  name: string,
  cause: ApiError,
  options: SettleOptions,
): Promise<WriteResult<string>> {
  options.onSettling?.({ attempt: 1, polls: false, lookingUntil: (options.now ?? Date.now)() });
  let remaining: number;
  try {
    const page = await readBack(() => listReports({ project: name }, { signal: options.signal }), options.signal);
    remaining = page.total;
  } catch (readError) {
    if (isAbortError(readError)) throw readError;
    throw new UnknownOutcomeError<string>(
      'The connection was lost before the service answered, and the service cannot be reached to check whether the project was deleted.',
      (again) => settleProjectDelete(name, cause, { ...options, ...again }),
      readError,
    );
  }
  if (remaining === 0) return { value: name, settledByReading: true };
  throw notDone(
    cause,
    'The connection was lost and the service still has reports of this project: it was not deleted.',
  );
}

/**
 * Changes privacy and password. A lost answer is settled by reading the report: what comes back
 * is what the service holds, whether or not the change was applied, and that is what to show.
 */
export async function updateReportSettled(
  id: ReportId,
  input: Omit<UpdateReportInput, 'reanalyse'>,
  options: SettleOptions = {},
): Promise<WriteResult<Report>> {
  try {
    return { value: await updateReport(id, input, { signal: options.signal }), settledByReading: false };
  } catch (error) {
    if (!mayHaveReachedService(error)) throw error;
    return settleUpdate(id, error as ApiError, options);
  }
}

async function settleUpdate(id: ReportId, cause: ApiError, options: SettleOptions): Promise<WriteResult<Report>> {
  options.onSettling?.({ attempt: 1, polls: false, lookingUntil: (options.now ?? Date.now)() });
  try {
    const report = await readBack(() => showReport(id, { signal: options.signal }), options.signal);
    return { value: report, settledByReading: true };
  } catch (readError) {
    if (isAbortError(readError)) throw readError;
    throw new UnknownOutcomeError<Report>(
      'The connection was lost before the service answered, and the service cannot be reached to read what it holds now.',
      (again) => settleUpdate(id, cause, { ...options, ...again }),
      readError,
    );
  }
}

/**
 * Re-runs the analysis. A lost answer is settled by reading the report until its
 * `generated_at` moves past the previous run's (the analysis may still be running).
 */
export async function reanalyseReportSettled(
  id: ReportId,
  previousGeneratedAt: string | null,
  options: SettleOptions = {},
): Promise<WriteResult<Report>> {
  const sentAt = (options.now ?? Date.now)();
  try {
    return { value: await updateReport(id, { reanalyse: true }, { signal: options.signal }), settledByReading: false };
  } catch (error) {
    if (!mayHaveReachedService(error)) throw error;
    return settleReanalysis(id, previousGeneratedAt, sentAt, error as ApiError, options);
  }
}

async function settleReanalysis(
  id: ReportId,
  previousGeneratedAt: string | null,
  sentAt: number,
  cause: ApiError,
  options: SettleOptions,
): Promise<WriteResult<Report>> {
  const previous = previousGeneratedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(previousGeneratedAt);
  const result = await pollUntilFound(
    async () => {
      const report = await showReport(id, { signal: options.signal });
      const generated = report.generatedAt === null ? Number.NaN : Date.parse(report.generatedAt);
      return generated > previous ? report : null;
    },
    sentAt,
    options,
  );
  if (result.found) return { value: result.found, settledByReading: true };
  if (!result.anyReadSucceeded) {
    throw new UnknownOutcomeError<Report>(
      'The connection was lost before the service answered, and the service cannot be reached to check whether the page was analysed again.',
      (again) => settleReanalysis(id, previousGeneratedAt, sentAt, cause, { ...options, ...again }),
      result.lastError ?? cause,
    );
  }
  throw notDone(
    cause,
    'The connection was lost and the report still has its previous results: it was not analysed again. It is safe to try again.',
  );
}

/**
 * A store or re-analysis that was being sent when the tab closed or reloaded (a bulk job saves
 * the time it sent each write before sending it): it may have reached the service, so it is
 * settled by reading exactly like a lost answer, and sent again only when reading shows it did
 * not happen.
 */
export function settleInterruptedStore(
  input: StoreReportInput,
  sentAt: number,
  options: SettleOptions = {},
): Promise<WriteResult<Report>> {
  return settleStore(input, sentAt, interrupted(), options);
}

export function settleInterruptedReanalysis(
  id: ReportId,
  previousGeneratedAt: string | null,
  sentAt: number,
  options: SettleOptions = {},
): Promise<WriteResult<Report>> {
  return settleReanalysis(id, previousGeneratedAt, sentAt, interrupted(), options);
}

function interrupted(): ApiError {
  return new ApiError('network', 'The page was closed or reloaded while this write was being sent.');
}

/** A report as a notice names it: its id, and the page it is of. */
export interface ReportRef {
  id: ReportId;
  url: string;
}

/**
 * What the look for a second report found after a store: the other reports of the page that the
 * same request left, or that the service could not be read (the store is done all the same).
 * Plain data: a bulk create keeps it with its item.
 */
export type DuplicateCheck = { checked: true; others: ReportRef[] } | { checked: false };

/** The service keeps whole seconds: two reports a moment apart may be a second apart on paper. */
const TIMESTAMP_STEP_MS = 1_000;

/**
 * What the look for a second report needs to know of one store, taken right after it: the kept
 * report, and how far from its creation time another report of the same request can lie. Plain
 * data: a job keeps it with its item until it looks for all of its stores at once.
 *
 * The window (docs/decisions/0064): both reports were created between the sending and the
 * answer, so the other one's `created_at` is within the request's span of the kept one's, as
 * measured here (at most the analysis limit), and the service's clock does not matter.
 */
export interface PendingLook {
  id: ReportId;
  /** The page as the service stores it. */
  url: string;
  createdAt: string;
  withinMs: number;
}

/** The look a store needs, or null when there is nothing to compare (no creation time). */
export function lookAfterStore(stored: WriteResult<Report>, now: () => number = Date.now): PendingLook | null {
  const report = stored.value;
  if (report.createdAt === null || Number.isNaN(Date.parse(report.createdAt))) return null;
  const answeredAt = now();
  const span = Math.min(answeredAt - (stored.sentAt ?? answeredAt), ANALYSIS_TIMEOUT_MS + SETTLE_MARGIN_MS);
  return {
    id: report.id,
    url: report.url,
    createdAt: report.createdAt,
    withinMs: Math.max(0, span) + TIMESTAMP_STEP_MS,
  };
}

/** The reports among `reports` that the same request as `look` may have left. */
function othersWithin(look: PendingLook, reports: readonly Report[]): DuplicateCheck {
  const created = Date.parse(look.createdAt);
  const others = reports.filter(
    (other) =>
      other.id !== look.id &&
      other.createdAt !== null &&
      isSamePage(other.url, look.url) &&
      Math.abs(Date.parse(other.createdAt) - created) <= look.withinMs,
  );
  return { checked: true, others: others.map(({ id, url }) => ({ id, url })) };
}

/**
 * After a store the dashboard saw succeed: other reports of the same page created while that
 * request was open. A browser sends a POST again by itself when its reused connection closes
 * before the answer (decision 0022's addendum), so the service may hold two reports where the
 * dashboard saw one. One list read; it never throws, so it cannot turn the store into a failure.
 */
export async function checkForDuplicates(
  stored: WriteResult<Report>,
  { signal, now = Date.now }: { signal?: AbortSignal | undefined; now?: () => number } = {},
): Promise<DuplicateCheck> {
  const look = lookAfterStore(stored, now);
  // Without its creation time there is nothing to compare: no request.
  if (!look) return { checked: false };
  try {
    return othersWithin(look, await reportsOfPage(look.url, signal));
  } catch {
    return { checked: false };
  }
}

const NEWEST_PAGE_SIZE = 100;

/**
 * The same look for many stores at once, as a job does when its stores are over: the account's
 * newest reports, a page of 100 at a time, back to the earliest window, then each store's others
 * among them. A bulk create of 100 pages costs two or three reads instead of one per page, so it
 * is not twice as slow under the service's limit. When others have created so many reports
 * meanwhile that a few pages do not reach back, the stores left are looked at one by one. Never
 * throws: a store whose look failed is "not checked", and the rest keep their answer.
 */
export async function checkManyForDuplicates(
  looks: readonly PendingLook[],
  { signal }: { signal?: AbortSignal | undefined } = {},
): Promise<Map<ReportId, DuplicateCheck>> {
  const found = new Map<ReportId, DuplicateCheck>();
  if (looks.length === 0) return found;
  const windowStart = (look: PendingLook) => Date.parse(look.createdAt) - look.withinMs;
  const earliest = Math.min(...looks.map(windowStart));
  const maxPages = Math.ceil(looks.length / NEWEST_PAGE_SIZE) + 2;
  const newest: Report[] = [];
  // The oldest creation time read so far: every store whose window starts after it is covered.
  let reachedBack = Infinity;
  try {
    for (let page = 1; page <= maxPages; page += 1) {
      const read = await listReports({ sortBy: 'id', sort: 'desc', perPage: NEWEST_PAGE_SIZE, page }, { signal });
      newest.push(...read.items);
      for (const report of read.items) {
        const created = report.createdAt === null ? NaN : Date.parse(report.createdAt);
        if (!Number.isNaN(created)) reachedBack = Math.min(reachedBack, created);
      }
      if (read.currentPage >= read.lastPage || read.items.length === 0) {
        reachedBack = -Infinity; // the whole account was read
        break;
      }
      if (reachedBack < earliest) break;
    }
  } catch {
    for (const look of looks) found.set(look.id, { checked: false });
    return found;
  }
  for (const look of looks) {
    found.set(
      look.id,
      reachedBack < windowStart(look)
        ? othersWithin(look, newest)
        : await reportsOfPage(look.url, signal).then(
            (reports) => othersWithin(look, reports),
            (): DuplicateCheck => ({ checked: false }),
          ),
    );
  }
  return found;
}

/**
 * What a mutation is asked to do: a write with its input, or checking again on a write whose
 * outcome stayed unknown (never the write itself). One mutation covers both, so its pending
 * and error states are the page's.
 */
export type WriteRequest<I, T> = ({ input: I } | { recheck: (options?: SettleOptions) => Promise<WriteResult<T>> }) & {
  onSettling?: SettleOptions['onSettling'];
};

export function runWrite<I, T>(
  request: WriteRequest<I, T>,
  write: (input: I, options: SettleOptions) => Promise<WriteResult<T>>,
): Promise<WriteResult<T>> {
  const options: SettleOptions = { onSettling: request.onSettling };
  return 'recheck' in request ? request.recheck(options) : write(request.input, options);
}
