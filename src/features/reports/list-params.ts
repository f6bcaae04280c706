import {
  PER_PAGE_OPTIONS,
  RATINGS,
  REPORT_SORT_KEYS,
  SORT_DIRECTIONS,
  type ReportId,
  type ReportListParams,
  type ReportSortKey,
} from '../../api';
import { parsePage, parseText, pickAllowed, toSearchParams, withoutUndefined } from '../../lib/url-state';

/**
 * The reports list view lives in the address bar under the API's own parameter names. Defaults
 * (sort_by=id, sort=desc, per_page=10, page=1) are left out, so equal views have equal URLs,
 * equal query keys and equal requests.
 */
export function parseReportListParams(search: URLSearchParams): ReportListParams {
  const sortBy = pickAllowed(search.get('sort_by'), REPORT_SORT_KEYS);
  const sort = pickAllowed(search.get('sort'), SORT_DIRECTIONS);
  const perPage = pickAllowed(search.get('per_page'), PER_PAGE_OPTIONS);
  return withoutUndefined({
    search: parseText(search.get('search')),
    project: parseText(search.get('project')),
    result: pickAllowed(search.get('result'), RATINGS),
    sortBy: sortBy === 'id' ? undefined : sortBy,
    sort: sort === 'desc' ? undefined : sort,
    perPage: perPage === 10 ? undefined : perPage,
    page: parsePage(search.get('page')),
  });
}

export function reportListSearchParams(params: ReportListParams): URLSearchParams {
  return toSearchParams([
    ['search', params.search],
    ['project', params.project],
    ['result', params.result],
    ['sort_by', params.sortBy],
    ['sort', params.sort],
    ['per_page', params.perPage],
    ['page', params.page],
  ]);
}

/** The address of a reports list view, e.g. for links that filter by project. */
export function reportListHref(params: ReportListParams, pathname = '/reports'): string {
  const search = reportListSearchParams(parseReportListParams(reportListSearchParams(params))).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A change of what is shown (search, filter, sort, page size) starts again at page 1. */
export function withChange(params: ReportListParams, change: Partial<ReportListParams>): ReportListParams {
  const next: ReportListParams = { ...params, ...change };
  if (!('page' in change)) delete next.page;
  return parseReportListParams(reportListSearchParams(next));
}

export function hasFilters(params: ReportListParams): boolean {
  return params.search !== undefined || params.project !== undefined || params.result !== undefined;
}

/** Sorting by a new column starts in the direction people usually want for it. */
export const FIRST_DIRECTION: Record<ReportSortKey, 'asc' | 'desc'> = {
  id: 'desc',
  generated_at: 'desc',
  url: 'asc',
  result: 'desc',
};

/** The address of a report's page. */
export function reportHref(id: ReportId): string {
  return `/reports/${encodeURIComponent(id)}`;
}
