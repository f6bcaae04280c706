import {
  PER_PAGE_OPTIONS,
  RATINGS,
  REPORT_SORT_KEYS,
  SORT_DIRECTIONS,
  type ReportListParams,
  type ReportSortKey,
} from '../../api';
import { createListState, oneOfParam, pageParam, textParam, type ListParam } from '../../lib/list-state';
import { paths } from '../../lib/paths';

/**
 * What a URL search is sent as: the service stores addresses without scheme, `www.` and trailing
 * slash, so "https://www.example.com/" must be searched as "example.com" to find anything. Text
 * that is not an address ("blog", "/blog") is searched as it is. Every leading scheme and `www.`
 * go at once (with the spaces around them), so that a value read back from the address reads the same ("http://https://www.x").
 * (lib/service-url.ts says the same for matching pages; it is not in the first paint.)
 */
export function searchAsStored(text: string): string {
  return text.replace(/^(\s|https?:\/\/|www\.)+/i, '').replace(/[\s/]+$/, '') || text;
}

const text = textParam('search');
// In the address too: an old bookmark or a pasted link searches as the service stores.
const urlSearch: ListParam<string> = {
  name: 'search',
  parse: (raw) => {
    const value = text.parse(raw);
    return value === undefined ? undefined : searchAsStored(value);
  },
};

/** The reports list view in the address bar: `?search=…&result=good&sort_by=url…`. */
export const reportListState = createListState<ReportListParams, 'sortBy' | 'sort' | 'perPage'>({
  params: {
    search: urlSearch,
    project: textParam('project'),
    result: oneOfParam('result', RATINGS),
    sortBy: oneOfParam('sort_by', REPORT_SORT_KEYS),
    sort: oneOfParam('sort', SORT_DIRECTIONS),
    perPage: oneOfParam('per_page', PER_PAGE_OPTIONS),
    page: pageParam(),
  },
  defaults: { sortBy: 'id', sort: 'desc', perPage: 10 },
  filters: ['search', 'project', 'result'],
  at: paths.reports.getHref,
});

/**
 * A list's parameters: the address bar's (`urlParams`), plus the fixed project on a project's
 * page (`params`, what is fetched). There the project is not the address's to choose.
 */
export function reportListView(
  search: URLSearchParams,
  fixedProject?: string,
): { urlParams: ReportListParams; params: ReportListParams } {
  const urlParams = reportListState.parse(search);
  if (fixedProject === undefined) return { urlParams, params: urlParams };
  const { project: _ignored, ...rest } = urlParams;
  return { urlParams: rest, params: { ...rest, project: fixedProject } };
}

/** Sorting by a new column starts in the direction people usually want for it. */
export const FIRST_DIRECTION: Record<ReportSortKey, 'asc' | 'desc'> = {
  id: 'desc',
  generated_at: 'desc',
  url: 'asc',
  result: 'desc',
};
