import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Page, type Project } from '../../api';
import { deleteProjectSettled, runWrite, type WriteRequest } from '../../api/write-outcomes';
import { reportQueries } from '../reports';
import { projectQueries } from './queries';

function isProjectPage(data: unknown): data is Page<Project> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items);
}

/**
 * Deletes a project, i.e. every report of its host. Afterwards the project is gone from every
 * cached projects list at once (no row of a deleted project flashes while lists refetch), and
 * everything of projects and reports is refreshed.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    // A lost answer is settled by counting the project's reports (src/api/write-outcomes.ts).
    mutationFn: (request: WriteRequest<string, string>) => runWrite(request, deleteProjectSettled),
    onSuccess: async ({ value: name }) => {
      queryClient.setQueriesData({ queryKey: projectQueries.lists() }, (data: unknown) => {
        if (!isProjectPage(data) || !data.items.some((project) => project.name === name)) return data;
        const total = Math.max(0, data.total - 1);
        const items = data.items.filter((project) => project.name !== name);
        return {
          ...data,
          items,
          total,
          to: data.to === null || items.length === 0 ? null : data.to - 1,
        } satisfies Page<Project>;
      });
      // The deleted project's own lists and counts are on the page being left: mark them stale
      // but do not refetch them there (they would only answer "no reports" behind the dialog).
      // Every other reports query, e.g. the all-reports list, is refreshed as usual.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
        queryClient.invalidateQueries({
          queryKey: reportQueries.all(),
          predicate: (query) => !reportQueries.isOfProject(query, name),
        }),
        queryClient.invalidateQueries({
          queryKey: reportQueries.all(),
          predicate: (query) => reportQueries.isOfProject(query, name),
          refetchType: 'none',
        }),
      ]);
    },
  });
}
