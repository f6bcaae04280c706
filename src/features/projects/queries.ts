import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ProjectListParams } from '../../api';

export const projectQueries = {
  all: () => ['projects'] as const,
  lists: () => [...projectQueries.all(), 'list'] as const,
  list: (params: ProjectListParams) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), params] as const,
      queryFn: ({ signal }) => api.projects.list(params, { signal }),
      placeholderData: keepPreviousData,
    }),
};
