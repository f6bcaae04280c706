import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page, Report, ReportId } from '../../api';
import { reportQueries } from '../reports';

/**
 * A report's full results as a list already read them (list rows carry every check), and when:
 * two reports ticked in a list are compared without asking the service again. The newest copy
 * wins; a row without checks (not analysed, or a list that left them out) does not count.
 */
function listedCopy(queryClient: QueryClient, id: ReportId): { report: Report; at: number } | undefined {
  let found: { report: Report; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: reportQueries.lists() })) {
    const page = query.state.data as Page<Report> | undefined;
    const row = Array.isArray(page?.items) ? page.items.find((item) => item.id === id) : undefined;
    if (row && row.checks.length > 0 && (!found || query.state.dataUpdatedAt > found.at)) {
      found = { report: row, at: query.state.dataUpdatedAt };
    }
  }
  return found;
}

/**
 * One report of a comparison: the report's own query, started from a list's copy when the cache
 * has one. The loader and the page use the same options, so that a report in the cache (its own,
 * or a list's row still fresh) costs no request, and two that are not cost one request each, sent
 * together.
 */
export function comparedReportQuery(queryClient: QueryClient, id: ReportId) {
  return {
    ...reportQueries.detail(id),
    initialData: () => listedCopy(queryClient, id)?.report,
    initialDataUpdatedAt: () => listedCopy(queryClient, id)?.at,
  };
}

/** The comparison's two reports, both asked for at once (the route's loader has usually started them). */
export function useComparedReports(a: ReportId, b: ReportId) {
  const queryClient = useQueryClient();
  return useQueries({ queries: [comparedReportQuery(queryClient, a), comparedReportQuery(queryClient, b)] });
}

/** Started by the route's loader at navigation, beside the page's code. */
export function prefetchComparison(queryClient: QueryClient, a: ReportId, b: ReportId): void {
  void queryClient.prefetchQuery(comparedReportQuery(queryClient, a));
  void queryClient.prefetchQuery(comparedReportQuery(queryClient, b));
}
