import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ProjectListParams, type Rating } from '../../api';

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

  /**
   * How many reports a project has, in all (`result` undefined) or of one rating: the `total` of
   * the smallest page of `GET /reports?project=…&result=…`. The service has no count endpoint, and
   * the loaded page of rows would only count what is on screen.
   *
   * Keyed as a reports list, `['reports', 'list', { project, result }]`, on purpose:
   * - every reports mutation invalidates `['reports', 'list']`, so the counts refresh whenever a
   *   report is created, re-analysed or deleted, without the reports feature knowing about them;
   * - the key is exactly the one `reportQueries.list` gives the project page's own list when it is
   *   filtered by that rating (URL params leave the default per_page=10 out), so that view and the
   *   count share one cache entry and one request. The request is the same too: per_page is left
   *   at the service's default, 10, the smallest page it allows.
   * The key is spelled out rather than taken from the reports feature so that the projects
   * feature's public index (which the reports feature imports) does not import it back.
   */
  reportCount: (project: string, result?: Rating) => {
    const params = result === undefined ? { project } : { project, result };
    return queryOptions({
      queryKey: ['reports', 'list', params] as const,
      queryFn: ({ signal }) => api.reports.list(params, { signal }),
      select: (page) => page.total,
    });
  },
};
