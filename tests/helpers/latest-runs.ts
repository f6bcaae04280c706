import type { ReportRecord, Simulator } from '../../src/simulator';

/**
 * The latest run of each URL of a project, from the simulated service's own records, newest
 * first: what the audit counts as the project's pages, worked out independently of the app.
 */
export function latestRunsOf(simulator: Simulator, project: string): ReportRecord[] {
  const latest = new Map<string, ReportRecord>();
  for (const report of simulator.store.reports().filter((r) => r.project === project)) {
    const seen = latest.get(report.url);
    if (
      !seen ||
      report.generated_at > seen.generated_at ||
      (report.generated_at === seen.generated_at && report.id > seen.id)
    )
      latest.set(report.url, report);
  }
  return [...latest.values()].sort((a, b) => (a.generated_at < b.generated_at ? 1 : -1));
}
