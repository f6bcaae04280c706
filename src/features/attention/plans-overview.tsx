import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { checkTitle } from '../../lib/checks';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatPages } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import type { ProjectSnapshot } from '../audit';
import type { ProjectEntry, ReanalysisPlan } from '../workspace';
import { lastAnalysedAt, runPlan } from './plan-runs';
import { isDue, nextDueAt, planPages, planSpec } from './plans';
import type { AttentionState } from './use-attention';

export function describeScope(plan: ReanalysisPlan): string {
  return plan.scope.kind === 'every-page' ? 'every page' : `pages failing “${checkTitle(plan.scope.check)}”`;
}

type Jobs = typeof import('../jobs');

/**
 * The job queue's estimate, whose code (the queue's) loads after the overview: the overview does
 * not carry it, and a due plan's line says its pages at once and the time a moment later.
 */
function useJobs(): Jobs | null {
  const [jobs, setJobs] = useState<Jobs | null>(null);
  useEffect(() => {
    let live = true;
    void import('../jobs').then(
      (loaded) => live && setJobs(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return jobs;
}

/** "42 pages, about 3 minutes at the service's limit". */
export function describeEstimate(plan: ReanalysisPlan, pages: number, jobs: Jobs | null): string {
  const count = formatPages(pages);
  if (!jobs) return count;
  return `${count}, ${jobs.describeDuration(jobs.estimateForItems(planSpec(plan), pages))} at the service’s limit`;
}

/** The sentence every plan's place says: what runs, and when it does not. */
export const NOTHING_RUNS_WHILE_CLOSED =
  'A plan runs only while a dashboard tab is open: nothing runs while no dashboard is open, and a due plan waits for the next one.';

function PlanRow({
  entry,
  snapshot,
  now,
  jobs,
}: {
  entry: ProjectEntry;
  snapshot: ProjectSnapshot | undefined;
  now: number;
  jobs: Jobs | null;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const plan = entry.plan as ReanalysisPlan;
  const analysed = snapshot ? lastAnalysedAt(snapshot) : null;
  const due = isDue(plan, analysed, now);
  const pages = snapshot ? planPages(plan, snapshot).length : null;
  const run = async () => {
    if (!snapshot) return;
    setStarting(true);
    const outcome = await runPlan(queryClient, entry.project, plan, snapshot, new Date());
    setStarting(false);
    setMessage(
      outcome === 'started'
        ? 'Started: its progress is in Background jobs.'
        : outcome === 'no-pages'
          ? 'No page is in its scope: nothing to analyse.'
          : 'It was just started in another tab: its progress is in that tab’s Background jobs.',
    );
  };
  let status: string;
  if (plan.paused) status = 'Paused.';
  else if (!snapshot) status = 'This project is not read on this device: open it to read it, then the plan can run.';
  else if (due) status = `Due: ${describeEstimate(plan, pages ?? 0, jobs)}.`;
  else status = `Next on ${formatDate(nextDueAt(plan, analysed))}.`;
  return (
    <li className="plan-row">
      <p className="plan-row__what">
        <Link to={paths.project.getHref(entry.project)}>{entry.project}</Link>: {plan.cadence}, {describeScope(plan)}
        {plan.automatic ? ', starts by itself' : ''}.{' '}
        {plan.lastStartedAt ? `Last started ${formatDateTime(plan.lastStartedAt)}.` : 'Never run yet.'}
      </p>
      <p className="plan-row__status">{status}</p>
      {due && snapshot && !plan.paused ? (
        <button type="button" className="button button--small" disabled={starting} onClick={() => void run()}>
          Run now<span className="visually-hidden">: {entry.project}</span>
        </button>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </li>
  );
}

/** The overview's plans: which are due (with the estimate and one click to run), which are next. */
export function PlansOverview({ state }: { state: AttentionState }) {
  const [now] = useState(() => Date.now());
  const jobs = useJobs();
  const planned = state.workspace.projects.filter((entry) => entry.plan !== null);
  if (state.loading) return null;
  if (planned.length === 0) {
    return (
      <p>
        No re-analysis plan yet. A project’s page sets one: weekly or monthly, for every page or the pages failing a
        check.
      </p>
    );
  }
  const byProject = new Map(state.snapshots.map((snapshot) => [snapshot.project, snapshot]));
  return (
    <>
      <ul className="plan-list">
        {planned.map((entry) => (
          <PlanRow key={entry.project} entry={entry} snapshot={byProject.get(entry.project)} now={now} jobs={jobs} />
        ))}
      </ul>
      <p className="attention-hint">{NOTHING_RUNS_WHILE_CLOSED}</p>
    </>
  );
}
