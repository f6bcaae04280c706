import { stateAt, type ProjectSnapshot } from '../audit';
import type { JobItem, JobName, JobSpec } from '../jobs';
import type { ReanalysisPlan } from '../workspace';

/**
 * Re-analysis plans: when one is due, which pages it analyses, and the job that does it. Pure.
 *
 * A plan adds a new run of each page (the job queue's bulk create with "create another report"),
 * never a re-analysis in place: the service overwrites a report's results when it analyses it
 * again, and the change report, the health chart and the Needs attention list all read the runs
 * before it (docs/decisions/0074).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the plan is next due (epoch ms): a week or a calendar month after its last start, else after the project's last analysis; 0 when neither is known. */
export function nextDueAt(plan: ReanalysisPlan, lastAnalysedAt: string | null): number {
  const base = Date.parse(plan.lastStartedAt ?? lastAnalysedAt ?? '');
  if (Number.isNaN(base)) return 0;
  if (plan.cadence === 'weekly') return base + 7 * DAY_MS;
  const next = new Date(base);
  const day = next.getDate();
  next.setMonth(next.getMonth() + 1);
  // 31 January + a month is the end of February, not 3 March.
  if (next.getDate() !== day) next.setDate(0);
  return next.getTime();
}

export function isDue(plan: ReanalysisPlan, lastAnalysedAt: string | null, now: number): boolean {
  return !plan.paused && now >= nextDueAt(plan, lastAnalysedAt);
}

/** The pages a plan analyses: one per page (its latest run's address), by address. */
export function planPages(plan: ReanalysisPlan, snapshot: ProjectSnapshot): string[] {
  const latest = [...stateAt(snapshot.reports, Infinity).pages.values()];
  const chosen =
    plan.scope.kind === 'every-page'
      ? latest
      : latest.filter((run) =>
          run.problems.some(
            (check) => check.passed === false && plan.scope.kind === 'failing' && check.name === plan.scope.check,
          ),
        );
  return chosen.map((run) => run.url).sort();
}

export function planSpec(plan: ReanalysisPlan): JobSpec {
  return { kind: 'create', privacy: plan.privacy, existing: 'create' };
}

export function planItems(urls: readonly string[]): Omit<JobItem, 'status'>[] {
  return urls.map((url) => ({ key: url, label: url, url }));
}

/** What the job is, kept with it: its words are made when it is shown, in the language on screen. */
export function planJobName(project: string, plan: ReanalysisPlan, pages: number): JobName {
  return { kind: 'plan', pages, project, cadence: plan.cadence };
}
