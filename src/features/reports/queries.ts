import { keepPreviousData, queryOptions, type Query } from '@tanstack/react-query';
import { api, type Rating, type ReportId, type ReportListParams } from '../../api';

/**
 * One place for every reports query key and fetcher: hooks, loaders, mutations and other
 * features (the project page's counts, a project's deletion) use it and never spell a key.
 */
export const reportQueries = {
  all: () => ['reports'] as const,
  lists: () => [...reportQueries.all(), 'list'] as const,
  list: (params: ReportListParams) =>
    queryOptions({
      queryKey: [...reportQueries.lists(), params] as const,
      queryFn: ({ signal }) => api.reports.list(params, { signal }),
      // The previous rows stay on screen while the next page or filter loads.
      placeholderData: keepPreviousData,
    }),

  /**
   * How many reports a project has, in all (`result` undefined) or of one rating: the `total` of
   * the smallest page of `GET /reports?project=…&result=…`. The service has no count endpoint, and
   * the loaded page of rows would only count what is on screen.
   *
   * Keyed as the list it reads, on purpose:
   * - every reports mutation invalidates the lists, so the counts refresh whenever a report is
   *   created, re-analysed or deleted;
   * - the key is exactly the one `list` gives the project page's own list when it is filtered by
   *   that rating (the address leaves the default per_page=10 out), so that view and the count
   *   share one cache entry and one request. The request is the same too: per_page is left at
   *   the service's default, 10, the smallest page it allows.
   */
  count: (project: string, result?: Rating) => {
    const params: ReportListParams = result === undefined ? { project } : { project, result };
    return queryOptions({
      queryKey: [...reportQueries.lists(), params] as const,
      queryFn: ({ signal }) => api.reports.list(params, { signal }),
      select: (page) => page.total,
    });
  },

  /** Whether a query is one of the project's reports lists or counts. */
  isOfProject: (query: Query, project: string): boolean => {
    const [resource, kind, params] = query.queryKey;
    const [listResource, listKind] = reportQueries.lists();
    return (
      resource === listResource &&
      kind === listKind &&
      typeof params === 'object' &&
      params !== null &&
      (params as ReportListParams).project === project
    );
  },

  details: () => [...reportQueries.all(), 'detail'] as const,
  detail: (id: ReportId) =>
    queryOptions({
      queryKey: [...reportQueries.details(), id] as const,
      queryFn: ({ signal }) => api.reports.show(id, { signal }),
    }),
};
