import type { Page, ReportListParams, ReportSortKey } from '../../api';
import { latestRunPerUrl } from './aggregate';
import type { ReadReport } from './types';

/**
 * The reports list answered from what was read on this device, for the two views the service
 * cannot answer: pages failing a check, and the latest run of each URL. It takes the list's own
 * parameters (search, result, sort, per page, page) and answers them the way the service does.
 */

/** The address bar's names for the local filters, beside the API's own parameters. */
export const LOCAL_FILTER_PARAMS = { failing: 'failing', latest: 'latest' } as const;

export interface LocalFilters {
  /** A check name: only pages on which it fails. */
  failing?: string;
  /** Only the newest run of each URL. */
  latest?: boolean;
}

/** Check names as the service writes them (`meta_description`, `404_page`); anything else is dropped. */
const CHECK_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export function parseLocalFilters(search: URLSearchParams): LocalFilters {
  const failing = search.get(LOCAL_FILTER_PARAMS.failing)?.trim();
  const filters: LocalFilters = {};
  if (failing && CHECK_NAME.test(failing)) filters.failing = failing;
  if (search.get(LOCAL_FILTER_PARAMS.latest) === '1') filters.latest = true;
  return filters;
}

export const hasLocalFilters = (filters: LocalFilters) => filters.failing !== undefined || filters.latest === true;

/** The local filters added to a list address built by the reports feature. */
export function withLocalFilters(href: string, filters: LocalFilters): string {
  const [path = '', query = ''] = href.split('?');
  const search = new URLSearchParams(query);
  if (filters.failing) search.set(LOCAL_FILTER_PARAMS.failing, filters.failing);
  if (filters.latest) search.set(LOCAL_FILTER_PARAMS.latest, '1');
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareIds = (a: ReadReport, b: ReadReport) => {
  const x = Number(a.id);
  const y = Number(b.id);
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : compareText(a.id, b.id);
};
const timeOf = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso) || -Infinity);

const COMPARE: Record<ReportSortKey, (a: ReadReport, b: ReadReport) => number> = {
  // The service's `id` sort is "date created": ids grow with creation.
  id: compareIds,
  generated_at: (a, b) => timeOf(a.generatedAt) - timeOf(b.generatedAt) || compareIds(a, b),
  url: (a, b) => compareText(a.url, b.url) || compareIds(a, b),
  result: (a, b) => (a.score ?? -1) - (b.score ?? -1) || compareIds(a, b),
};

export function queryLocalReports(
  reports: readonly ReadReport[],
  params: ReportListParams,
  filters: LocalFilters,
): Page<ReadReport> {
  let rows = filters.latest ? latestRunPerUrl(reports) : [...reports];
  const { failing } = filters;
  if (failing) {
    rows = rows.filter((report) => report.problems.some((check) => check.name === failing && check.passed === false));
  }
  // As the service: search is a case-insensitive substring of the URL; project is exact.
  const search = params.search?.trim().toLowerCase();
  if (search) rows = rows.filter((report) => report.url.toLowerCase().includes(search));
  if (params.project !== undefined) rows = rows.filter((report) => report.project === params.project);
  if (params.result) rows = rows.filter((report) => report.rating === params.result);

  const compare = COMPARE[params.sortBy ?? 'id'];
  const direction = params.sort === 'asc' ? 1 : -1;
  rows.sort((a, b) => direction * compare(a, b));

  const perPage = params.perPage ?? 10;
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const currentPage = params.page ?? 1;
  const start = (currentPage - 1) * perPage;
  const items = rows.slice(start, start + perPage);
  return {
    items,
    currentPage,
    lastPage,
    perPage,
    total,
    from: items.length > 0 ? start + 1 : null,
    to: items.length > 0 ? start + items.length : null,
  };
}
