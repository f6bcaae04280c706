import type { Page, Report, ReportListParams } from '../../../api';

/**
 * Runs of one page over time. Every new analysis of a URL is a new report, and the service
 * stores them with the same cleaned `url`: reports with exactly this URL are its runs. The list
 * API only searches by substring, so the page asks for matches within the report's project,
 * sorted by URL, where equal URLs sit side by side and come before the longer URLs that merely
 * start with them ("example.com" before "example.com/blog"): a page or two of ten is enough,
 * where sorting by date would mean reading every page of the site.
 */
export const RUNS_PER_PAGE = 10;
/** Pages read at most (100 matches). */
export const RUN_SEARCH_PAGES = 10;

/** The list request for one page of the search for a report's runs. */
export function runSearchParams(report: Pick<Report, 'url' | 'project'>, page: number): ReportListParams {
  const params: ReportListParams = { search: report.url, sortBy: 'url', sort: 'asc', perPage: RUNS_PER_PAGE };
  // The project filter is exact: it narrows a search for "example.com" to that host's reports.
  if (report.project) params.project = report.project;
  if (page > 1) params.page = page;
  return params;
}

/**
 * Whether the page after this one may hold more runs: it exists, and this page ended on a run
 * (more may follow) or has not reached the URL yet (in the service's order, roughly ours).
 */
export function mayHaveMoreRuns(page: Page<Report>, url: string, runSeen: boolean): boolean {
  if (page.currentPage >= page.lastPage) return false;
  const last = page.items.at(-1);
  if (!last) return false;
  if (last.url === url) return true;
  return !runSeen && last.url.toLowerCase() <= url.toLowerCase();
}

/** When a run happened: its analysis date, else its creation date. */
export function runTime(report: Pick<Report, 'generatedAt' | 'createdAt'>): number | null {
  const time = Date.parse(report.generatedAt ?? report.createdAt ?? '');
  return Number.isNaN(time) ? null : time;
}

/** The reports of exactly this URL among `candidates`, newest first, each once. */
export function runsOfPage(candidates: readonly Report[], url: string): Report[] {
  const byId = new Map<string, Report>();
  for (const report of candidates) if (report.url === url && !byId.has(report.id)) byId.set(report.id, report);
  return [...byId.values()].sort(
    (a, b) => (runTime(b) ?? -Infinity) - (runTime(a) ?? -Infinity) || Number(b.id) - Number(a.id),
  );
}

/**
 * The run to compare with when the page opens: the one just before this report, else the one
 * just after it. `runs` is newest first and includes the current report.
 */
export function defaultComparisonRun(runs: readonly Report[], currentId: string): Report | undefined {
  const index = runs.findIndex((run) => run.id === currentId);
  if (index === -1) return runs[0];
  return runs[index + 1] ?? runs[index - 1];
}
