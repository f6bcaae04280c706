import type { Report, ReportListParams } from '../../api';

/**
 * Runs of one page over time. Every new analysis of a URL is a new report, and the service
 * stores them with the same cleaned `url`: reports with exactly this URL are its runs. The list
 * API only searches by substring, so the page asks for matches and keeps the exact ones.
 */

/** Pages of 100 matches read at most: a site's root URL is a substring of all of its pages. */
export const RUN_SEARCH_PAGES = 5;

/** The list request that finds runs of a report's page (newest first, within its project). */
export function runSearchParams(report: Pick<Report, 'url' | 'project'>, page: number): ReportListParams {
  const params: ReportListParams = { search: report.url, sortBy: 'generated_at', sort: 'desc', perPage: 100 };
  // The project filter is exact: it narrows a search for "example.com" to that host's reports.
  if (report.project) params.project = report.project;
  if (page > 1) params.page = page;
  return params;
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
