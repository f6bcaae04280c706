import { readProjectPage } from './parsers';
import { send } from './transport';
import type { CallOptions } from './reports';
import type { Page, Project, ProjectListParams } from './types';

/** Reads of projects. Deleting one is in ./writes.ts. */

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
