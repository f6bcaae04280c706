import type { QueryClient } from '@tanstack/react-query';
import { isApiError, type Page, type Report, type ReportId } from '../../api';
import { listReports } from '../../api/reports';
import {
  deleteReportSettled,
  lookAfterStore,
  reanalyseReportSettled,
  settleInterruptedReanalysis,
  settleInterruptedStore,
  storeReportSettled,
  reportsOfPage,
  updateReportSettled,
  type DuplicateCheck,
  type PendingLook,
  type WriteResult,
} from '../../api/write-outcomes';
import { describeError } from '../../api/error-words';
import { projectQueries } from '../projects';
import { getConnection, type Connection } from '../connection';
import { previousResults } from '../kept-results';
import { tellAudit } from '../reports';
import { duplicateQueries, reportQueries } from '../reports';
import { EXPORT_PAGE_SIZE, type ItemWhy, type Job, type JobItem, type JobSpec } from './job-model';

/**
 * How each kind of job runs one item, and what the caches learn when it finishes. Writes go
 * through src/api/write-outcomes.ts, so a lost answer is settled by reading exactly as on a
 * report's page; every request goes through the transport, so under the one shared budget.
 */

export interface ItemOutcome {
  status: 'done' | 'failed' | 'skipped';
  /** Why, in the words of whoever said it (the service's, a failure's). */
  reason?: string;
  /** Why, when the job itself knows: said when shown (./job-words). */
  why?: ItemWhy;
  settledByReading?: boolean;
  reportId?: string;
  /** The report as the service holds it after the write, for the caches. */
  report?: Report;
  /** create: the look for a second report of the page, done for all the job's stores at once. */
  look?: PendingLook;
  /** create: nothing to look for (the report has no creation time to compare). */
  duplicates?: DuplicateCheck;
  /** export: the rows of this page, and how many pages the view has. */
  rows?: Report[];
  lastPage?: number;
}

export interface ItemContext {
  job: Job;
  item: JobItem;
  signal: AbortSignal;
  /** Saves that the write is about to be sent (and when) BEFORE sending it. */
  markSent: () => Promise<void>;
  /** The item was being sent when the page went away: settle it before sending anything. */
  interrupted: boolean;
  /**
   * reanalyse: the report as this tab last had it (its caches, else the screen that started the
   * job): its results are kept before they are overwritten.
   */
  reportBefore?: Report | undefined;
}

export async function runItem(context: ItemContext): Promise<ItemOutcome> {
  const { job } = context;
  switch (job.spec.kind) {
    case 'create':
      return runCreate(context, job.spec);
    case 'delete':
      return runDelete(context);
    case 'privacy':
      return runPrivacy(context, job.spec);
    case 'reanalyse':
      return runReanalyse(context);
    case 'export':
      return runExportPage(context, job.spec);
  }
}

const done = (result: WriteResult<Report | ReportId>, reportId: string): ItemOutcome => ({
  status: 'done',
  settledByReading: result.settledByReading,
  reportId,
  ...(typeof result.value === 'object' ? { report: result.value } : {}),
});

/**
 * A re-analysis that keeps the results it replaces on this device, as a report's page does
 * (kept-results' `keepWhile`), and shares them with the team once the page has been analysed
 * again. `before`: the report as this tab last had it (undefined: not known, nothing is kept).
 */
async function reanalyseKeepingBefore(
  before: Report | undefined,
  send: () => Promise<WriteResult<Report>>,
): Promise<WriteResult<Report>> {
  if (!before) return send();
  const connection = getConnection();
  const result = await previousResults.keepWhile(connection, before, send);
  shareWhenReplaced(connection, before, result.value);
  return result;
}

/** What was kept of `before`, to the team once a newer run replaced it (./team-share.ts). */
function shareWhenReplaced(connection: Connection, before: Report, after: Report): void {
  if (after.generatedAt === before.generatedAt) return;
  // Its code out of reach (offline) or the document closing with the account: the report's page
  // shares it when it is next opened here (ResultBeforeSharing).
  import('./team-share').then(({ shareKeptBefore }) => shareKeptBefore(connection, before)).catch(() => undefined);
}

/** The report the service already holds for this page, if any. */
async function findExisting(url: string, signal: AbortSignal): Promise<Report | null> {
  return (await reportsOfPage(url, signal))[0] ?? null;
}

/**
 * A store seen to succeed: it needs a look for a second report the same request left (decision
 * 64), which the queue makes for every store of the job at once when they are over.
 */
function created(result: WriteResult<Report>): ItemOutcome {
  const look = lookAfterStore(result);
  return { ...done(result, result.value.id), ...(look ? { look } : { duplicates: { checked: false } }) };
}

async function runCreate(
  { item, signal, markSent, interrupted }: ItemContext,
  spec: Extract<JobSpec, { kind: 'create' }>,
): Promise<ItemOutcome> {
  const url = item.url ?? item.key;
  const input = { url, privacy: spec.privacy };
  if (interrupted && item.sentAt !== undefined) {
    try {
      return created(await settleInterruptedStore(input, item.sentAt, { signal }));
    } catch (error) {
      // Reading shows it was not created: sending it now is safe. Anything else stays as it is.
      if (!isApiError(error) || error.kind === 'unknown-outcome') throw error;
    }
  }
  if (spec.existing !== 'create') {
    const existing = await findExisting(url, signal);
    if (existing && spec.existing === 'skip') {
      return { status: 'skipped', why: 'has-report', reportId: existing.id };
    }
    if (existing) {
      await markSent();
      const result = await reanalyseKeepingBefore(existing, () =>
        reanalyseReportSettled(existing.id, existing.generatedAt, { signal }),
      );
      return { ...done(result, existing.id), why: 'analysed-existing' };
    }
  }
  await markSent();
  return created(await storeReportSettled(input, { signal }));
}

async function runDelete({ item, signal, markSent }: ItemContext): Promise<ItemOutcome> {
  // Sending a delete again is harmless (a 404 means it is gone): nothing to settle first.
  await markSent();
  const result = await deleteReportSettled(item.key, { signal });
  return done(result, item.key);
}

async function runPrivacy(
  { item, signal, markSent }: ItemContext,
  spec: Extract<JobSpec, { kind: 'privacy' }>,
): Promise<ItemOutcome> {
  await markSent();
  const change =
    spec.password === undefined ? { privacy: spec.privacy } : { privacy: spec.privacy, password: spec.password };
  const result = await updateReportSettled(item.key, change, { signal });
  if (result.settledByReading && result.value.privacy !== spec.privacy) {
    return { status: 'failed', why: 'privacy-kept' };
  }
  return done(result, item.key);
}

async function runReanalyse({ item, signal, markSent, interrupted, reportBefore }: ItemContext): Promise<ItemOutcome> {
  const previous = item.previousGeneratedAt ?? null;
  if (interrupted && item.sentAt !== undefined) {
    try {
      const result = await settleInterruptedReanalysis(item.key, previous, item.sentAt, { signal });
      // Found analysed again (its answer was lost): what was kept when it was sent goes to the team.
      if (reportBefore) shareWhenReplaced(getConnection(), reportBefore, result.value);
      return done(result, item.key);
    } catch (error) {
      if (!isApiError(error) || error.kind === 'unknown-outcome') throw error;
    }
  }
  await markSent();
  return done(
    await reanalyseKeepingBefore(reportBefore, () => reanalyseReportSettled(item.key, previous, { signal })),
    item.key,
  );
}

async function runExportPage(
  { item, signal }: ItemContext,
  spec: Extract<JobSpec, { kind: 'export' }>,
): Promise<ItemOutcome> {
  const page = Number(item.key);
  const { page: _ignored, ...view } = spec.params;
  const result = await listReports({ ...view, perPage: EXPORT_PAGE_SIZE, page }, { signal });
  return { status: 'done', rows: result.items, lastPage: result.lastPage };
}

/** A failure in words for the tray: the title and what to do. */
export function failureReason(error: unknown): string {
  const { title, detail } = describeError(error);
  return detail ? `${title}: ${detail}` : title;
}

/**
 * What the caches learn from one finished item, without a request where the answer says it
 * all (deleted, privacy, re-analysed); lists that change shape (a new report) are refreshed by
 * `refreshLists`, which the queue calls at most every few seconds and when a job ends, so that a
 * long job does not spend the budget on refetching the list on screen after every item.
 */
export function applyToCaches(queryClient: QueryClient, spec: JobSpec, item: JobItem, report: Report | undefined) {
  if (spec.kind === 'delete') {
    // A list without the row is left alone (undefined): written back as it was, it would count
    // as fresh again and lose the refetch the queue's refresh asked for.
    queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) => {
      if (!page || !page.items.some((row) => row.id === item.key)) return undefined;
      return { ...page, items: page.items.filter((row) => row.id !== item.key), total: Math.max(0, page.total - 1) };
    });
    queryClient.removeQueries({ queryKey: reportQueries.detail(item.key).queryKey, exact: true });
    return;
  }
  if (!report) return;
  queryClient.setQueryData(reportQueries.detail(report.id).queryKey, report);
  applyDuplicatesToCache(queryClient, item);
  queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) => {
    if (!page || !page.items.some((row) => row.id === report.id)) return undefined;
    return { ...page, items: page.items.map((row) => (row.id === report.id ? report : row)) };
  });
}

/** The report's page says what the look found too, when the person follows the item's link. */
export function applyDuplicatesToCache(queryClient: QueryClient, item: JobItem) {
  if (item.reportId && item.duplicates) {
    queryClient.setQueryData(duplicateQueries.of(item.reportId).queryKey, item.duplicates);
  }
}

/**
 * What the site audit learns from one finished item: its kept copy of the report's project
 * changes with each item, as the caches do (an export writes nothing).
 */
export function applyToAudit(spec: JobSpec, item: JobItem, report: Report | undefined) {
  if (spec.kind === 'export') return;
  if (spec.kind === 'delete') {
    tellAudit(
      item.project === undefined
        ? { kind: 'deleted', id: item.key }
        : { kind: 'deleted', id: item.key, project: item.project },
    );
    return;
  }
  if (!report) return;
  tellAudit(spec.kind === 'privacy' ? { kind: 'privacy', report } : { kind: 'analysed', report });
}

/** Lists and project figures (a GROUP BY over reports) after items changed them. */
export function refreshLists(queryClient: QueryClient, spec: JobSpec): Promise<unknown> {
  if (spec.kind === 'export') return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
  ]);
}
