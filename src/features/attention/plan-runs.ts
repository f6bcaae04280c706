import type { QueryClient } from '@tanstack/react-query';
import type { ProjectSnapshot } from '../audit';
import { claimPlanRun, type ProjectEntry, type ReanalysisPlan } from '../workspace';
import { isDue, planItems, planJobName, planPages, planSpec } from './plans';

/**
 * Starting a plan's run: claimed first in the workspace every tab shares (one transaction at a
 * time, so of two tabs that find it due at once exactly one starts it), then a job of the one
 * queue, which runs it under the shared request budget and shows it in the tray.
 */

export type RunOutcome = 'started' | 'taken' | 'no-pages';

/** The newest run of the project: a plan never run is due a cadence after it. */
export function lastAnalysedAt(snapshot: ProjectSnapshot): string | null {
  let latest: string | null = null;
  let latestTime = -Infinity;
  for (const report of snapshot.reports) {
    const time = Date.parse(report.generatedAt ?? '');
    if (time > latestTime) {
      latestTime = time;
      latest = report.generatedAt;
    }
  }
  return latest;
}

export interface RunDeps {
  claim: (project: string, sawStartedAt: string | null, at: Date) => Promise<boolean>;
  start: (project: string, plan: ReanalysisPlan, urls: string[]) => Promise<unknown>;
}

export async function runPlanWith(
  deps: RunDeps,
  project: string,
  plan: ReanalysisPlan,
  snapshot: ProjectSnapshot,
  at: Date,
): Promise<RunOutcome> {
  const urls = planPages(plan, snapshot);
  if (urls.length === 0) return 'no-pages';
  if (!(await deps.claim(project, plan.lastStartedAt, at))) return 'taken';
  await deps.start(project, plan, urls);
  return 'started';
}

function queueDeps(queryClient: QueryClient): RunDeps {
  return {
    claim: (project, saw, at) => claimPlanRun(project, saw, at),
    // The queue's code loads when a plan first runs: the overview and the shell do not carry it.
    start: async (project, plan, urls) =>
      (await import('../jobs')).startJob(
        queryClient,
        planSpec(plan),
        planJobName(project, plan, urls.length),
        planItems(urls),
      ),
  };
}

/** Runs a plan now (the overview's "Run now"). */
export function runPlan(
  queryClient: QueryClient,
  project: string,
  plan: ReanalysisPlan,
  snapshot: ProjectSnapshot,
  at: Date,
): Promise<RunOutcome> {
  return runPlanWith(queueDeps(queryClient), project, plan, snapshot, at);
}

/** Starts every automatic plan that is due, in whichever tab claims it first. */
export async function runDuePlansWith(
  deps: RunDeps,
  entries: readonly ProjectEntry[],
  snapshots: readonly ProjectSnapshot[],
  now: Date,
): Promise<string[]> {
  const started: string[] = [];
  for (const entry of entries) {
    const plan = entry.plan;
    if (!plan?.automatic) continue;
    const snapshot = snapshots.find((candidate) => candidate.project === entry.project);
    if (!snapshot || !isDue(plan, lastAnalysedAt(snapshot), now.getTime())) continue;
    if ((await runPlanWith(deps, entry.project, plan, snapshot, now)) === 'started') started.push(entry.project);
  }
  return started;
}

export function runDuePlans(
  queryClient: QueryClient,
  entries: readonly ProjectEntry[],
  snapshots: readonly ProjectSnapshot[],
  now: Date,
): Promise<string[]> {
  return runDuePlansWith(queueDeps(queryClient), entries, snapshots, now);
}
