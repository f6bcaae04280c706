import { PER_PAGE_OPTIONS, PROJECT_SORT_KEYS, SORT_DIRECTIONS, type ProjectListParams } from '../../api';
import { parsePage, parseText, pickAllowed, toSearchParams, withoutUndefined } from '../../lib/url-state';

/** The projects list view in the address bar; defaults (created_at, desc, 10, page 1) left out. */
export function parseProjectListParams(search: URLSearchParams): ProjectListParams {
  const sortBy = pickAllowed(search.get('sort_by'), PROJECT_SORT_KEYS);
  const sort = pickAllowed(search.get('sort'), SORT_DIRECTIONS);
  const perPage = pickAllowed(search.get('per_page'), PER_PAGE_OPTIONS);
  return withoutUndefined({
    search: parseText(search.get('search')),
    sortBy: sortBy === 'created_at' ? undefined : sortBy,
    sort: sort === 'desc' ? undefined : sort,
    perPage: perPage === 10 ? undefined : perPage,
    page: parsePage(search.get('page')),
  });
}

export function projectListSearchParams(params: ProjectListParams): URLSearchParams {
  return toSearchParams([
    ['search', params.search],
    ['sort_by', params.sortBy],
    ['sort', params.sort],
    ['per_page', params.perPage],
    ['page', params.page],
  ]);
}

export function projectListHref(params: ProjectListParams): string {
  const search = projectListSearchParams(parseProjectListParams(projectListSearchParams(params))).toString();
  return search ? `/projects?${search}` : '/projects';
}

/** A change of what is shown (search, sort, page size) starts again at page 1. */
export function withProjectListChange(
  params: ProjectListParams,
  change: Partial<ProjectListParams>,
): ProjectListParams {
  const next: ProjectListParams = { ...params, ...change };
  if (!('page' in change)) delete next.page;
  return parseProjectListParams(projectListSearchParams(next));
}

export function hasProjectSearch(params: ProjectListParams): boolean {
  return params.search !== undefined;
}
