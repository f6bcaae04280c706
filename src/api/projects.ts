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
  await send({ method: 'DELETE', path: ['projects', name], parse: readDeleted, signal });
}
