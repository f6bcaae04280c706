import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProjectListParams } from '../../api';
import { listProjects } from '../../api/projects';

/** One place for every projects query key and fetcher: hooks, loaders and invalidation share it. */
export const projectQueries = {
  all: () => ['projects'] as const,
  lists: () => [...projectQueries.all(), 'list'] as const,
  list: (params: ProjectListParams) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), params] as const,
      queryFn: ({ signal }) => listProjects(params, { signal }),
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
      queryFn: async ({ signal }) => (await import('./every-project')).readEveryProject(maxPages, signal),
    }),
};
