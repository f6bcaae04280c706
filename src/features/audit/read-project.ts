import type { Page, Report } from '../../api';
import { toReadReport } from './aggregate';
import type { ProjectSnapshot, ReadReport } from './types';

/**
 * Reading a project for its audit: its reports, newest `generated_at` first, 100 a page (the
 * most the service gives), one request at a time so that the shared request budget is never
 * flooded and the person's own clicks keep getting through.
 *
 * With a previous snapshot the read is a refresh: it stops at the first report it already knows
 * unchanged (same id, same `generated_at`, and read, not put there by a write: see
 * ReadReport.unconfirmed). A re-analysis gives a report a new `generated_at`,
 * so it comes back on top like a new report. Deletions do not show in that order; the list's
 * `total` does: when it disagrees with what the refresh ends up with, the rest is read again.
 */

export const READ_PAGE_SIZE = 100;

export type ListPage = (page: number, signal: AbortSignal) => Promise<Page<Report>>;

export interface ReadProgress {
  /** 'refresh' while looking for what changed; 'full' while reading everything. */
  mode: 'full' | 'refresh';
  /** Reports received so far in this read. */
  read: number;
  /** The service's count, once the first page said it. */
  total: number | null;
  requests: number;
}

export interface ReadResult {
  snapshot: ProjectSnapshot;
  /** False when a refresh found nothing new, re-analysed or deleted: `snapshot` is `previous`. */
  changed: boolean;
}

export interface ReadOptions {
  project: string;
  previous: ProjectSnapshot | null;
  list: ListPage;
  signal: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
  /**
   * A first read's reports so far, after each page but the last (the whole audit follows at once),
   * and the service's count. Not a refresh's: the audit kept before is still the better picture
   * until the refresh ends.
   */
  onReports?: (reports: ReadReport[], total: number) => void;
  now?: () => Date;
}

export async function readProject({
  project,
  previous,
  list,
  signal,
  onProgress,
  onReports,
  now = () => new Date(),
}: ReadOptions): Promise<ReadResult> {
  const progress: ReadProgress = { mode: previous ? 'refresh' : 'full', read: 0, total: null, requests: 0 };
  // Rows the client could not read (see Page.unreadable): counted, so the totals still add up.
  let unreadable = 0;
  const fetchPage = async (number: number) => {
    signal.throwIfAborted();
    const page = await list(number, signal);
    signal.throwIfAborted();
    progress.requests += 1;
    progress.total = page.total;
    unreadable += page.unreadable?.length ?? 0;
    return page;
  };
  const report = () => onProgress?.({ ...progress });
  report();

  // The service may shift a report between pages while we read (a new one on top), so a
  // report seen twice counts once.
  const seen = new Map<string, ReadReport>();
  const snapshotOf = (reports: ReadReport[], total: number, unread: number): ProjectSnapshot => ({
    project,
    reports,
    total,
    readAt: now().toISOString(),
    ...(unread > 0 ? { unreadable: unread } : {}),
  });
  let number = 1;
  let page = await fetchPage(number);

  if (previous) {
    const known = new Map(previous.reports.map((r) => [r.id, r]));
    let stopped = false;
    for (;;) {
      for (const item of page.items) {
        const before = known.get(item.id);
        if (before && before.generatedAt === item.generatedAt && !before.unconfirmed) {
          stopped = true;
          break;
        }
        seen.set(item.id, toReadReport(item));
      }
      progress.read = seen.size;
      report();
      if (stopped || number >= page.lastPage || page.items.length === 0) break;
      number += 1;
      page = await fetchPage(number);
    }
    const merged = [...seen.values(), ...previous.reports.filter((r) => !seen.has(r.id))];
    // A broken row has no id to know it by: one on the pages read again is taken for one counted
    // before. Should there be more than before, the totals disagree and all is read again.
    const stillUnreadable = Math.max(previous.unreadable ?? 0, unreadable);
    // Nothing deleted, nothing slipped in below the newest known report: done.
    if (merged.length + stillUnreadable === page.total) {
      if (seen.size === 0 && stillUnreadable === (previous.unreadable ?? 0) && page.total === previous.total)
        return { snapshot: previous, changed: false };
      return { snapshot: snapshotOf(merged, page.total, stillUnreadable), changed: true };
    }
    if (!stopped) {
      // The whole list was read: it is the truth.
      return { snapshot: snapshotOf([...seen.values()], page.total, unreadable), changed: true };
    }
    // Something was deleted (the total is short): the pages read so far are current, the rest
    // is read again from the next page on.
    progress.mode = 'full';
    for (const item of page.items) seen.set(item.id, toReadReport(item));
    progress.read = seen.size;
    report();
  } else {
    for (const item of page.items) seen.set(item.id, toReadReport(item));
    progress.read = seen.size;
    report();
    if (number < page.lastPage) onReports?.([...seen.values()], page.total);
  }

  while (number < page.lastPage && page.items.length > 0) {
    number += 1;
    page = await fetchPage(number);
    for (const item of page.items) seen.set(item.id, toReadReport(item));
    progress.read = seen.size;
    report();
    if (!previous && number < page.lastPage) onReports?.([...seen.values()], page.total);
  }
  return { snapshot: snapshotOf([...seen.values()], page.total, unreadable), changed: true };
}
