import { useCallback, useDeferredValue } from 'react';
import { ApiText } from '../../../components/api-text';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { NamesNothing } from '../../../components/names-nothing';
import { ErrorState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { projectNameFromPathname } from '../../../lib/paths-from-address';
import { forgetProject, isAuditOnItsWay, useProjectAudit } from '../../audit';
import { ReportsList } from '../../report-list';
import { lazyPart, UnavailablePart, useLazyDialog } from '../../../components/lazy-part';
import { formatCount } from '../../../lib/format-number';
import { reportQueries } from '../../reports';
import {
  ProjectSegments,
  SegmentFilter,
  SegmentPages,
  useSegmentChoice,
  useSegmentedAudit,
  withSegment,
} from '../../segments';
import type { DistributionCounts } from '../components/result-distribution';
import { ProjectHealth, ProjectHealthBeforeAudit } from '../components/project-health';
import { ProjectIssues } from '../components/project-issues';
import { AdjustedHealth } from '../../set-aside';
import { useCheckSettings } from '../../workspace';
import { ReadPanel } from '../components/read-panel';
import { projectCountQueries } from '../project-data';
import '../projects.css';

// Its form (and react-hook-form) loads after the page: most visits do not change it.
const ProjectWatch = lazyPart(async () => (await import('../components/project-watch')).ProjectWatch, {
  placeholder: () => <p role="status">Loading the settings…</p>,
});

/** Its code (the delete, its outcome words, the dialog) loads on the first ask: rarely used. */
const DeleteProjectDialog = lazyPart(
  async () => (await import('../components/delete-project-dialog')).DeleteProjectDialog,
  { fallback: UnavailablePart },
);

function BackLink() {
  return (
    <p className="back-link">
      <Link to={paths.projects.getHref()}>← All projects</Link>
    </p>
  );
}

/**
 * The four counts (all, good, decent, bad) in parallel. The three ratings only for a project
 * this device has not read: once read, its audit says more (about the latest run of each page)
 * without a request.
 */
function useDistribution(name: string, ratingsWanted: boolean) {
  const [all, ...ratings] = projectCountQueries(name);
  return useQueries({
    queries: [all, ...ratings.map((query) => ({ ...query, enabled: ratingsWanted }))],
    combine: (results) => {
      const [total, good, decent, bad] = results.map((result) => result.data);
      const counts: DistributionCounts | undefined =
        total !== undefined && good !== undefined && decent !== undefined && bad !== undefined
          ? { total, good, decent, bad }
          : undefined;
      return {
        counts,
        total,
        error: results.find((result) => result.isError)?.error ?? null,
        fetching: results.some((result) => result.isFetching),
        retry: () => results.filter((result) => result.isError).forEach((result) => void result.refetch()),
      };
    },
  });
}

function Project({ name }: { name: string }) {
  const navigate = useNavigate();
  const deleteDialog = useLazyDialog(DeleteProjectDialog);
  const count = useQuery(reportQueries.count(name));
  const total = count.data;
  const audit = useProjectAudit(name, total);
  // The issues wait for the analyst's settings too: a check set aside never shows as counted first.
  const { loaded: settingsLoaded, settings } = useCheckSettings(name);
  // The store behind useProjectAudit renders synchronously; the audit's sections follow in a
  // deferred render, which React slices, so that showing them never blocks input for long.
  const wholeAudit = useDeferredValue(audit.audit);
  // With a segment in the address bar, health, issues and pages are the segment's.
  const segmentChoice = useSegmentChoice(name);
  const segment = segmentChoice.active;
  const segmentAudit = useSegmentedAudit(audit.snapshot?.reports, wholeAudit, segment);
  const shownAudit = segmentChoice.waiting ? undefined : segmentAudit;
  const segmentId = segment?.id ?? null;
  // Kept from render to render: the issues table is memoised.
  const issueHref = useCallback(
    (check: string) => withSegment(paths.issue.getHref(name, check), segmentId),
    [name, segmentId],
  );
  const inSegment = useCallback((href: string) => withSegment(href, segmentId), [segmentId]);
  const distribution = useDistribution(name, audit.snapshot === null);
  const { counts } = distribution;

  if (total === 0) {
    return (
      <section className="page" aria-labelledby="project-title">
        <BackLink />
        <h1 id="project-title" className="project-title">
          <ApiText value={name} />
        </h1>
        <EmptyState title="This project has no reports">
          <p>There is no project of this name, or all of its reports have been deleted.</p>
          <div className="state__actions">
            <Link to={paths.projects.getHref()} className="button">
              Back to projects
            </Link>
            <Link to={paths.newReport.getHref()}>New report</Link>
          </div>
        </EmptyState>
      </section>
    );
  }

  // While the audit is on its way, its sections hold their place, so that the pages below do
  // not move when it arrives (it comes a moment after the first paint, from this device or read).
  const auditComing = !shownAudit && isAuditOnItsWay(audit, count.isError ? null : total);
  let chart;
  if (shownAudit) chart = <ProjectHealth project={name} audit={shownAudit} inView={inSegment} />;
  else if (distribution.error && !auditComing)
    chart = <ErrorState error={distribution.error} onRetry={distribution.retry} />;
  else
    chart = <ProjectHealthBeforeAudit counts={counts} busy={distribution.fetching} loading={auditComing || !counts} />;

  return (
    <section className="page" aria-labelledby="project-title">
      <BackLink />
      <div className="page-header">
        <h1 id="project-title" className="project-title">
          <ApiText value={name} />
        </h1>
      </div>
      {/* A line kept from the start: the count arrives a moment after the heading. */}
      <p className="project-summary">{total !== undefined ? formatCount(total, 'report', 'reports') : '\u00a0'}</p>
      <SegmentFilter choice={segmentChoice} />
      <section className="project-section" aria-labelledby="project-health-title">
        <h2 id="project-health-title">Health</h2>
        {chart}
        {shownAudit && audit.snapshot && settingsLoaded ? (
          <AdjustedHealth reports={audit.snapshot.reports} settings={settings} />
        ) : null}
        {/* There from the start (their pages say when the project is still to be read here), so
            that nothing below moves when the audit arrives. */}
        <p className="project-links">
          <Link to={withSegment(paths.changes.getHref(name), segmentId)}>What changed in the last 30 days</Link>
          <Link to={paths.projectReport.getHref(name)}>Client report (print or PDF)</Link>
        </p>
        <ReadPanel handle={audit} reportCount={total} />
      </section>
      {shownAudit && settingsLoaded ? (
        <section className="project-section" aria-labelledby="project-issues-title">
          <h2 id="project-issues-title">Issues</h2>
          <ProjectIssues
            project={name}
            audit={shownAudit}
            settings={settings}
            issueHref={issueHref}
            segmentName={segment?.name}
          />
        </section>
      ) : auditComing || shownAudit ? (
        <section className="project-section project-section--waiting" aria-labelledby="project-issues-title">
          <h2 id="project-issues-title">Issues</h2>
          <p className="issues__count">The issues are listed once the project’s reports are read.</p>
        </section>
      ) : null}
      <section className="project-section" aria-labelledby="project-pages-title">
        <h2 id="project-pages-title">Pages</h2>
        {segment ? (
          <SegmentPages segment={segment} reports={audit.snapshot?.reports} />
        ) : (
          <ReportsList
            at={(search) => paths.project.getHref(name, search)}
            fixedProject={name}
            title={`Reports of ${name}`}
          />
        )}
      </section>
      <section className="project-section" aria-labelledby="project-segments-title">
        <h2 id="project-segments-title">Segments</h2>
        <ProjectSegments project={name} segments={segmentChoice.segments} reports={audit.snapshot?.reports} />
      </section>
      <section className="project-section" aria-labelledby="project-watch-title">
        <h2 id="project-watch-title">Watch and re-analyse</h2>
        <ProjectWatch project={name} checks={shownAudit?.issues.map((issue) => issue.check) ?? []} />
      </section>
      {/* Last, not first: deleting is the rarest thing done here, and cannot be undone. */}
      <section className="project-section" aria-labelledby="project-manage-title">
        <h2 id="project-manage-title">Manage project</h2>
        <p>Deleting the project deletes every one of its reports. It cannot be undone.</p>
        <button type="button" className="button button--danger" {...deleteDialog.trigger}>
          Delete project
        </button>
      </section>
      {deleteDialog.asked ? (
        <DeleteProjectDialog
          name={name}
          reportCount={total ?? null}
          open={deleteDialog.open}
          onClose={deleteDialog.close}
          onDeleted={() => {
            void forgetProject(name);
            void navigate(paths.projects.getHref());
          }}
        />
      ) : null}
    </section>
  );
}

export function ProjectPage() {
  const { pathname } = useLocation();
  const name = projectNameFromPathname(pathname);
  if (name === null) return <NamesNothing what="project" />;
  // A new project is a new page: no dialog or typed text carries over from the last one.
  return <Project key={name} name={name} />;
}

export { IssuePage } from './issue-page';
