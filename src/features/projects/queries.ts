import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ProjectListParams } from '../../api';

/** One place for every projects query key and fetcher: hooks, loaders and invalidation share it. */
export const projectQueries = {
  all: () => ['projects'] as const,
  lists: () => [...projectQueries.all(), 'list'] as const,
  list: (params: ProjectListParams) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), params] as const,
      queryFn: ({ signal }) => api.projects.list(params, { signal }),
      // The previous rows stay on screen while the next page, search or sort loads.
      placeholderData: keepPreviousData,
    }),

  /**
   * Every project, 100 at a time, up to `maxPages` pages (beyond that the most recently created
   * ones): for views that rank all projects, such as the overview.
   */
  everyProject: (maxPages = 10) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), 'every', maxPages] as const,
      queryFn: async ({ signal }) => {
        const first = await api.projects.list({ perPage: 100 }, { signal });
        const items = [...first.items];
        const lastPage = Math.min(first.lastPage, maxPages);
        // One page after another: the request budget is shared with everything else.
        for (let page = 2; page <= lastPage; page += 1) {
          items.push(...(await api.projects.list({ perPage: 100, page }, { signal })).items);
        }
        return { items, total: first.total };
      },
    }),
};
