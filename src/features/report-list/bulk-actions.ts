import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { Privacy, Report, ReportListParams } from '../../api';
import { listReports } from '../../api/reports';
import { startJob } from '../jobs';
import { EXPORT_PAGE_SIZE, type Job, type JobItem, type JobSpec } from '../jobs';
import { cachedReportOf } from '../reports';

/**
 * What the selection bar does with a selection or a whole view: every bulk action becomes a
 * job of the one queue. Selections hold ids; the reports behind them (their URL for the tray,
 * the run a re-analysis replaces) come from what the lists have read.
 */

/** Reports read while selecting, by id: labels and previous runs for the jobs. */
const known = new Map<string, Report>();

export function rememberReports(reports: readonly Report[]): void {
  for (const report of reports) known.set(report.id, report);
}

const reportOf = (queryClient: QueryClient, id: string): Report | undefined =>
  known.get(id) ?? cachedReportOf(queryClient, id);

/**
 * Every report of a view (its search, filters and sort), in pages of 100: the fewest requests
 * the service allows. Reads go through the shared budget like everything else.
 */
export async function readWholeView(
  params: ReportListParams,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (read: number, total: number) => void } = {},
): Promise<Report[]> {
  const { page: _page, perPage: _perPage, ...view } = params;
  const read = (page: number) => listReports({ ...view, perPage: EXPORT_PAGE_SIZE, page }, { signal });
  const first = await read(1);
  const pages: Report[][] = [first.items];
  let count = first.items.length;
  onProgress?.(count, first.total);
  const rest = Array.from({ length: Math.max(0, first.lastPage - 1) }, (_, index) => index + 2);
  await Promise.all(
    rest.map(async (page) => {
      const result = await read(page);
      pages[page - 1] = result.items;
      count += result.items.length;
      onProgress?.(count, first.total);
    }),
  );
  const seen = new Set<string>();
  const all = pages.flat().filter((report) => !seen.has(report.id) && seen.add(report.id));
  rememberReports(all);
  return all;
}

function itemsFor(queryClient: QueryClient, ids: Iterable<string>): Omit<JobItem, 'status'>[] {
  return [...ids].map((id) => {
    const report = reportOf(queryClient, id);
    return {
      key: id,
      label:
        report?.url ||
        t({ message: `Report ${id}`, comment: 'A job item whose address is not known: the report’s id' }),
      previousGeneratedAt: report?.generatedAt ?? null,
      ...(report ? { project: report.project } : {}),
    };
  });
}

// What each job is, kept with it: the tray makes its words when it shows it (features/jobs), in the
// language on screen then.

export function startBulkDelete(queryClient: QueryClient, ids: Iterable<string>): Promise<Job> {
  const items = itemsFor(queryClient, ids);
  return startJob(queryClient, { kind: 'delete' }, { kind: 'delete', reports: items.length }, items);
}

export function startBulkPrivacy(
  queryClient: QueryClient,
  ids: Iterable<string>,
  privacy: Privacy,
  password?: string,
): Promise<Job> {
  const items = itemsFor(queryClient, ids);
  const spec: JobSpec = password === undefined ? { kind: 'privacy', privacy } : { kind: 'privacy', privacy, password };
  return startJob(queryClient, spec, { kind: 'privacy', reports: items.length, privacy }, items);
}

export function startBulkReanalyse(queryClient: QueryClient, ids: Iterable<string>): Promise<Job> {
  const items = itemsFor(queryClient, ids);
  // The results each re-analysis replaces, kept before they are overwritten, as a report's page does.
  const reportsBefore = items.flatMap((item) => reportOf(queryClient, item.key) ?? []);
  return startJob(
    queryClient,
    { kind: 'reanalyse' },
    { kind: 'reanalyse', reports: items.length },
    items,
    reportsBefore,
  );
}

export function startExport(
  queryClient: QueryClient,
  params: ReportListParams,
  total: number,
  format: 'csv' | 'json',
  withChecks: boolean,
): Promise<Job> {
  const { page: _page, perPage: _perPage, ...view } = params;
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName = `reports${view.project ? `-${view.project.replace(/[^\w.-]+/g, '_')}` : ''}-${stamp}`;
  return startJob(
    queryClient,
    { kind: 'export', params: view, format, withChecks, fileName },
    { kind: 'export', reports: total, format },
    [
      {
        key: '1',
        label: t({ message: 'page 1', comment: 'The one item of an export job: the file is written at once' }),
      },
    ],
  );
}
