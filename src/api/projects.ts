import { canBeAddressed } from '../lib/paths';
import { readDeleted, readProjectPage } from './parsers';
import { send } from './transport';
import type { Page, Project, ProjectListParams } from './types';

interface CallOptions {
  signal?: AbortSignal | undefined;
}

export async function listProjects(params: ProjectListParams, { signal }: CallOptions = {}): Promise<Page<Project>> {
  return send({
    method: 'GET',
    path: ['projects'],
    query: {
      search: params.search,
      search_by: params.searchBy,
      sort_by: params.sortBy,
      sort: params.sort,
      per_page: params.perPage,
      page: params.page,
    },
    parse: readProjectPage,
    signal,
  });
}

/** Deletes every report of the project's host. */
export async function deleteProject(name: string, { signal }: CallOptions = {}): Promise<void> {
  // "." and ".." would be resolved as path steps by the URL parser: DELETE /api/v1/projects/..
  // would go to /api/v1/. Refused before anything is sent (the UI explains; see lib/paths.ts).
  if (!canBeAddressed(name)) {
    throw new Error(`A project named "${name}" cannot be addressed in a URL; nothing was sent.`);
  }
  await send({ method: 'DELETE', path: ['projects', name], parse: readDeleted, signal });
}
