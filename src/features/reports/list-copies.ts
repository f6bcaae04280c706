import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page, Report, ReportId } from '../../api';
import { reportQueries } from './queries';

/**
 * A report's full results as a list already read them (list rows carry every check), dated as
 * that list: the newest copy wins, and a row without checks (not analysed yet) does not count.
 */
function listCopyOf(queryClient: QueryClient, id: ReportId): { report: Report; updatedAt: number } | undefined {
  let found: { report: Report; updatedAt: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: reportQueries.lists() })) {
    const page = query.state.data as Page<Report> | undefined;
    const row = Array.isArray(page?.items) ? page.items.find((item) => item.id === id) : undefined;
    if (row && row.checks.length > 0 && (!found || query.state.dataUpdatedAt > found.updatedAt))
      found = { report: row, updatedAt: query.state.dataUpdatedAt };
  }
  return found;
}

/**
 * A report's own query, starting from a list's copy when the cache has none of its own: two
 * reports ticked in a list are compared without asking the service again while the list is
 * fresh. As initial data, it is the same whether the route's loader or the page asks first.
 */
export function reportFromLists(queryClient: QueryClient, id: ReportId) {
  return queryOptions({
    ...reportQueries.detail(id),
    initialData: () => listCopyOf(queryClient, id)?.report,
    initialDataUpdatedAt: () => listCopyOf(queryClient, id)?.updatedAt,
  });
}
