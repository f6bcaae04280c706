import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ReportId, type ReportListParams } from '../../api';

/** One place for every reports query key and fetcher: hooks, loaders and invalidation share it. */
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
  details: () => [...reportQueries.all(), 'detail'] as const,
  detail: (id: ReportId) =>
    queryOptions({
      queryKey: [...reportQueries.details(), id] as const,
      queryFn: ({ signal }) => api.reports.show(id, { signal }),
    }),
};
