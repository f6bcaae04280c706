import { ratingFromScore } from '../lib/rating';
import { objectAt, readPage, string, timestamp, toNumber } from './parsers';
import { send } from './transport';
import type { CallOptions } from './reports';
import type { Page, Project, ProjectListParams } from '../lib/service-types';

/**
 * Reads of projects, and their reader (the other readers are in ./parsers.ts). Not in the `api`
 * object: only the pages that list projects load this module. Deleting one is in ./writes.ts.
 */

/** One project of a list answer (`project`, `reports`, `result` as the sum of its scores). */
export function readProject(value: unknown, path = ''): Project {
  const raw = objectAt(value, path);
  const at = (field: string) => (path ? `${path}.${field}` : field);
  // Figures only feed the count and average: a broken one blanks them, not the whole list.
  const figure = (field: unknown) => toNumber(field) ?? null;
  const reports = figure(raw.reports);
  // `result` is the SUM of the project's scores; the average is what people want to see.
  const sum = figure(raw.result);
  const averageScore = sum !== null && reports !== null && reports > 0 ? Math.round(sum / reports) : null;
  return {
    name: string(raw.project, at('project')),
    reportCount: reports,
    averageScore,
    rating: averageScore === null ? null : ratingFromScore(averageScore),
    createdAt: timestamp(raw.created_at, at('created_at')),
  };
}

export const readProjectPage = (value: unknown): Page<Project> => readPage(value, readProject);

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
