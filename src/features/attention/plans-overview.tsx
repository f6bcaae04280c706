import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { checksCatalog } from '../../lib/check-catalog';
import { checkTitle } from '../../lib/checks';
import { i18n } from '../../lib/i18n/i18n';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { formatDate, formatDateTime } from '../../lib/i18n/format';
import { paths } from '../../lib/paths';
import type { ProjectSnapshot } from '../audit';
import type { ProjectEntry, ReanalysisPlan } from '../workspace';
import { lastAnalysedAt, runPlan } from './plan-runs';
import { isDue, nextDueAt, planPages, planSpec } from './plans';
import type { AttentionState } from './use-attention';

export function describeScope(plan: ReanalysisPlan): string {
  if (plan.scope.kind === 'every-page')
    return translate({ message: 'every page', comment: 'What a re-analysis plan analyses' });
  const check = checkTitle(plan.scope.check, i18n);
  return translate({ message: `pages failing “${check}”`, comment: 'What a re-analysis plan analyses' });
}

/** "weekly, every page, starts by itself". */
function describePlan(plan: ReanalysisPlan): string {
  const cadence =
    plan.cadence === 'weekly'
      ? translate({ message: 'weekly', comment: 'How often a re-analysis plan runs' })
      : translate({ message: 'monthly', comment: 'How often a re-analysis plan runs' });
  const scope = describeScope(plan);
  return plan.automatic
    ? translate({
        message: `${cadence}, ${scope}, starts by itself`,
        comment: 'A re-analysis plan: how often, what it analyses (“every page”), and that it starts on its own',
      })
    : translate({
        message: `${cadence}, ${scope}`,
        comment: 'A re-analysis plan: how often, what it analyses (“every page”)',
      });
}

type Jobs = typeof import('../jobs');

/**
 * The job queue's estimate, whose code (the queue's) loads after the overview: the overview does
 * not carry it, and a due plan's line says its pages at once and the time a moment later, once
 * the jobs' words ("about 3 minutes") are in too.
 */
function useJobs(): Jobs | null {
  const [jobs, setJobs] = useState<Jobs | null>(null);
  useEffect(() => {
    let live = true;
    void import('../jobs')
      .then(async (loaded) => {
        await loaded.jobsCatalog();
        return loaded;
      })
      .then(
        (loaded) => live && setJobs(loaded),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  return jobs;
}

/** "Due: 42 pages, about 3 minutes at the service's limit." (the time once the queue's code is in). */
function dueStatus(plan: ReanalysisPlan, pages: number, jobs: Jobs | null): string {
  if (!jobs) return plural(pages, { one: 'Due: # page.', other: 'Due: # pages.' });
  const duration = jobs.describeDuration(jobs.estimateForItems(planSpec(plan), pages));
  return plural(pages, {
    one: `Due: # page, ${duration} at the service’s limit.`,
    other: `Due: # pages, ${duration} at the service’s limit.`,
  });
}

/** The sentence every plan's place says (a project's page says it too, from its own catalog). */
const nothingRunsWhileClosed = () =>
  translate`A plan runs only while a dashboard tab is open: nothing runs while no dashboard is open, and a due plan waits for the next one.`;

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
  const { t } = useLingui();
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
        ? t`Started: its progress is in Background jobs.`
        : outcome === 'no-pages'
          ? t`No page is in its scope: nothing to analyse.`
          : t`It was just started in another tab: its progress is in that tab’s Background jobs.`,
    );
  };
  let status: string;
  if (plan.paused) status = t({ message: 'Paused.', comment: 'A re-analysis plan' });
  else if (!snapshot) status = t`This project is not read on this device: open it to read it, then the plan can run.`;
  else if (due) status = dueStatus(plan, pages ?? 0, jobs);
  else {
    const next = formatDate(nextDueAt(plan, analysed)) ?? t`unknown`;
    status = t({ message: `Next on ${next}.`, comment: 'When a re-analysis plan next runs: a date' });
  }
  const lastStarted = plan.lastStartedAt ? (formatDateTime(plan.lastStartedAt) ?? t`unknown`) : null;
  const project = <Link to={paths.project.getHref(entry.project)}>{entry.project}</Link>;
  // Elements, not strings: <Trans> would read markup in a check's name as its own.
  const what = <>{describePlan(plan)}</>;
  return (
    <li className="plan-row">
      <p className="plan-row__what">
        <Trans comment="A project, then its re-analysis plan: “weekly, every page”">
          {project}: {what}.
        </Trans>{' '}
        {lastStarted === null ? t`Never run yet.` : t`Last started ${lastStarted}.`}
      </p>
      <p className="plan-row__status">{status}</p>
      {due && snapshot && !plan.paused ? (
        <button type="button" className="button button--small" disabled={starting} onClick={() => void run()}>
          {t`Run now`}
          <span className="visually-hidden">: {entry.project}</span>
        </button>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </li>
  );
}

/** The overview's plans: which are due (with the estimate and one click to run), which are next. */
export function PlansOverview({ state }: { state: AttentionState }) {
  useCatalog(checksCatalog);
  const { t } = useLingui();
  const [now] = useState(() => Date.now());
  const jobs = useJobs();
  const planned = state.workspace.projects.filter((entry) => entry.plan !== null);
  if (state.loading) return null;
  if (planned.length === 0) {
    return (
      <p>
        {t`No re-analysis plan yet. A project’s page sets one: weekly or monthly, for every page or the pages failing a check.`}
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
      <p className="attention-hint">{nothingRunsWhileClosed()}</p>
    </>
  );
}
