import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { type Page, type Privacy, type Report, type ReportId, type StoreReportInput } from '../../api';
import {
  checkForDuplicates,
  deleteReportSettled,
  reanalyseReportSettled,
  runWrite,
  storeReportSettled,
  updateReportSettled,
  type DuplicateCheck,
  type WriteRequest,
  type WriteResult,
} from '../../api/write-outcomes';
import { projectQueries } from '../projects';
import { cachedProjectOf, tellAudit } from '../reports';
import { duplicateQueries, reportQueries } from '../reports';

/**
 * The writes of the reports feature. Each one updates or invalidates exactly the cache entries
 * it changes, and none is retried automatically (the client default): a second store would
 * create a second report, and a slow re-analysis should not silently run twice. A write whose
 * answer is lost is settled by reading (src/api/write-outcomes.ts): each result says whether it
 * was (`settledByReading`), and an unknown outcome is an error whose `recheck` the page offers.
 * Each success is also told to the site audit (tellAudit), which keeps its own copy of reports.
 */

type ListSnapshot = [QueryKey, Page<Report> | undefined][];

function replaceInLists(queryClient: QueryClient, report: Report, change: (current: Report) => Report = () => report) {
  queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) => {
    if (!page || !page.items.some((item) => item.id === report.id)) return page;
    return { ...page, items: page.items.map((item) => (item.id === report.id ? change(item) : item)) };
  });
}

/** A new report, and what the look for a second one found (decision 64). */
export interface CreateResult extends WriteResult<Report> {
  duplicates: DuplicateCheck;
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: WriteRequest<StoreReportInput, Report>): Promise<CreateResult> => {
      const result = await runWrite(request, storeReportSettled);
      // The browser may have sent it twice: one list read, before the report's page is shown.
      return { ...result, duplicates: await checkForDuplicates(result) };
    },
    onSuccess: async ({ value: report, duplicates }) => {
      queryClient.setQueryData(reportQueries.detail(report.id).queryKey, report);
      queryClient.setQueryData(duplicateQueries.of(report.id).queryKey, duplicates);
      tellAudit({ kind: 'analysed', report });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
        // Projects are a GROUP BY over reports (count, sum of scores): any report write changes them.
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
      ]);
    },
  });
}

export interface PrivacyChange {
  privacy: Privacy;
  /** Only when typed: an empty field keeps an existing password. */
  password?: string;
}

interface PrivacyContext {
  detail: Report | undefined;
  lists: ListSnapshot;
}

/**
 * Privacy and password, shown at once in the page and in every cached list page, and put back
 * as they were if the service refuses.
 */
export function useUpdatePrivacy(id: ReportId) {
  const queryClient = useQueryClient();
  const detailKey = reportQueries.detail(id).queryKey;
  return useMutation({
    mutationFn: (request: WriteRequest<PrivacyChange, Report>) =>
      runWrite(request, (change, options) => updateReportSettled(id, change, options)),
    onMutate: async (request): Promise<PrivacyContext> => {
      const change = 'input' in request ? request.input : undefined;
      // A refetch landing after the optimistic write would overwrite it with the old value.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detailKey, exact: true }),
        queryClient.cancelQueries({ queryKey: reportQueries.lists() }),
      ]);
      const detail = queryClient.getQueryData(detailKey);
      const lists = queryClient.getQueriesData<Page<Report>>({ queryKey: reportQueries.lists() });
      // Checking again on an unknown outcome changes nothing on screen until the answer.
      if (!change) return { detail: undefined, lists: [] };
      const apply = (report: Report): Report => ({
        ...report,
        privacy: change.privacy,
        hasPassword: change.privacy === 'password' && (change.password !== undefined || report.hasPassword),
      });
      if (detail) {
        queryClient.setQueryData(detailKey, apply(detail));
        replaceInLists(queryClient, detail, apply);
      } else {
        queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) =>
          page ? { ...page, items: page.items.map((item) => (item.id === id ? apply(item) : item)) } : page,
        );
      }
      return { detail, lists };
    },
    onError: (_error, _change, context) => {
      if (!context) return;
      if (context.detail) queryClient.setQueryData(detailKey, context.detail);
      for (const [key, page] of context.lists) queryClient.setQueryData(key, page);
    },
    onSuccess: ({ value: report }) => {
      // The service's answer (or what it holds, read back) is the truth: no refetch needed.
      queryClient.setQueryData(detailKey, report);
      replaceInLists(queryClient, report);
      tellAudit({ kind: 'privacy', report });
    },
  });
}

export interface ReanalyseResult {
  /** What the dashboard showed before: the service keeps no history of results. */
  previous: Report | undefined;
  report: Report;
  /** The answer was lost; the new results were read back from the service. */
  settledByReading: boolean;
}

export function useReanalyseReport(id: ReportId) {
  const queryClient = useQueryClient();
  const detailKey = reportQueries.detail(id).queryKey;
  return useMutation({
    mutationFn: async (request: WriteRequest<void, Report> = { input: undefined }): Promise<ReanalyseResult> => {
      const previous = queryClient.getQueryData(detailKey);
      const { value: report, settledByReading } = await runWrite(request, (_input, options) =>
        reanalyseReportSettled(id, previous?.generatedAt ?? null, options),
      );
      return { previous, report, settledByReading };
    },
    onSuccess: async ({ report }) => {
      queryClient.setQueryData(detailKey, report);
      replaceInLists(queryClient, report);
      tellAudit({ kind: 'analysed', report });
      // The score moved: lists sorted or filtered by result, and project sums, are out of date.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
      ]);
    },
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WriteRequest<ReportId, ReportId>) => runWrite(request, deleteReportSettled),
    onSuccess: async ({ value: id }) => {
      // Looked up before the lists below forget the report (the page's own copy goes later).
      const project = cachedProjectOf(queryClient, id);
      tellAudit(project === undefined ? { kind: 'deleted', id } : { kind: 'deleted', id, project });
      queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) => {
        if (!page || !page.items.some((item) => item.id === id)) return page;
        const to = page.to === null ? null : page.to - 1;
        return {
          ...page,
          items: page.items.filter((item) => item.id !== id),
          total: Math.max(0, page.total - 1),
          to: to !== null && page.from !== null && to < page.from ? null : to,
        };
      });
      // Not awaited: the caller navigates away at once, and the lists refetch when shown.
      void queryClient.invalidateQueries({ queryKey: reportQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: projectQueries.all() });
    },
  });
}

/**
 * Drops the deleted report's detail from the cache. Called after leaving its page: removed while
 * the page still observes it, the query would be refetched and answer 404.
 */
export function forgetReport(queryClient: QueryClient, id: ReportId): void {
  queryClient.removeQueries({ queryKey: reportQueries.detail(id).queryKey, exact: true });
}
