import { memo, useCallback } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ApiText } from '../../../components/api-text';
import { Link, Outlet, useLocation } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { NamesNothing } from '../../../components/names-nothing';
import { ErrorState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { projectPartFromPathname } from '../../../lib/paths-from-address';
import { useAuditOnItsWay, useProjectAudit, useProjectAuditPart } from '../../audit';
import { reportQueries } from '../../reports';
import { SegmentFilter, withSegment } from '../../segments';
import type { DistributionCounts } from '../components/result-distribution';
import { ProjectHealth, ProjectHealthBeforeAudit } from '../components/project-health';
import { PartialNote } from '../components/partial-note';
import { ProjectTabs } from '../components/project-tabs';
import { AdjustedHealth } from '../../set-aside';
import { useCheckSettings } from '../../workspace';
import { ReadPanel } from '../components/read-panel';
import { projectCountQueries } from '../../projects';
import { useShownAudit } from '../project-view';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import '../projects.css';

/**
 * A project's page (docs/decisions/0097): its health and its reading above, then its parts, each
 * at its own address and loaded with it (the router's children of this route): issues, pages,
 * segments, watch and plan, the project's settings.
 *
 * Each section follows only what it shows (docs/decisions/0098): a read's progress renders the
 * read panel again, not the health, the tabs or the part below; a new partial audit renders the
 * health and the issues, not the read panel.
 */

function BackLink() {
  const { t } = useLingui();
  return (
    <p className="back-link">
      <Link to={paths.projects.getHref()}>{t`← All projects`}</Link>
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

/** The health of the project (or of the segment in view), from its audit, or its shape until then. */
const HealthSummary = memo(function HealthSummary({
  name,
  total,
  countFailed,
}: {
  name: string;
  total: number | undefined;
  countFailed: boolean;
}) {
  const { t } = useLingui();
  const { audit, reports, partial, segmentChoice } = useShownAudit(name);
  const snapshot = useProjectAuditPart(name, 'snapshot');
  const { loaded: settingsLoaded, settings } = useCheckSettings(name);
  const distribution = useDistribution(name, snapshot === null && !partial);
  // While the audit is on its way, the health holds its place, so that nothing below moves
  // when it arrives (it comes a moment after the first paint, from this device or read).
  const coming = useAuditOnItsWay(name, countFailed ? null : total);
  const segmentId = segmentChoice.active?.id ?? null;
  // Kept from render to render: the health is memoised.
  const inSegment = useCallback((href: string) => withSegment(href, segmentId), [segmentId]);
  let chart;
  if (audit) chart = <ProjectHealth project={name} audit={audit} inView={inSegment} />;
  else if (distribution.error && !coming)
    chart = <ErrorState error={distribution.error} onRetry={distribution.retry} />;
  else
    chart = (
      <ProjectHealthBeforeAudit
        counts={distribution.counts}
        busy={distribution.fetching}
        loading={coming || !distribution.counts}
      />
    );
  return (
    <>
      <SegmentFilter choice={segmentChoice} />
      <section className="project-section" aria-labelledby="project-health-title">
        <h2 id="project-health-title">{t`Health`}</h2>
        {audit && partial ? <PartialNote read={partial.read} total={partial.total} /> : null}
        {chart}
        {audit && reports && settingsLoaded && !partial ? (
          <AdjustedHealth reports={reports} settings={settings} />
        ) : null}
        {/* There from the start (their pages say when the project is still to be read here), so
            that nothing below moves when the audit arrives. */}
        <p className="project-links">
          <Link to={withSegment(paths.changes.getHref(name), segmentId)}>{t`What changed in the last 30 days`}</Link>
          <Link to={paths.projectReport.getHref(name)}>{t`Client report (print or PDF)`}</Link>
        </p>
        <ReadSection name={name} total={total} />
      </section>
    </>
  );
});

/**
 * The project's reading: this visit's (what the device keeps, a refresh, a first read of a small
 * project), and the panel that says where it stands. The only section a read's progress renders.
 */
const ReadSection = memo(function ReadSection({ name, total }: { name: string; total: number | undefined }) {
  const audit = useProjectAudit(name, total);
  return <ReadPanel handle={audit} reportCount={total} />;
});

function Project({ name }: { name: string }) {
  const { t } = useLingui();
  const count = useQuery(reportQueries.count(name));
  const total = count.data;

  if (total === 0) {
    return (
      <section className="page" aria-labelledby="project-title">
        <BackLink />
        <h1 id="project-title" className="project-title">
          <ApiText value={name} />
        </h1>
        <EmptyState title={t`This project has no reports`}>
          <p>{t`There is no project of this name, or all of its reports have been deleted.`}</p>
          <div className="state__actions">
            <Link to={paths.projects.getHref()} className="button">
              {t`Back to projects`}
            </Link>
            <Link to={paths.newReport.getHref()}>{t`New report`}</Link>
          </div>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="project-title">
      <BackLink />
      <div className="page-header">
        <h1 id="project-title" className="project-title">
          <ApiText value={name} />
        </h1>
      </div>
      {/* A line kept from the start: the count arrives a moment after the heading. */}
      <p className="project-summary">
        {total !== undefined ? plural(total, { one: '# report', other: '# reports' }) : '\u00a0'}
      </p>
      <HealthSummary name={name} total={total} countFailed={count.isError} />
      <ProjectTabs project={name} />
      {/* The part: the project's name is all it is given (a string never renders it again). */}
      <Outlet context={name} />
    </section>
  );
}

export function ProjectPage() {
  useCatalog(projectPagesCatalog);
  const { pathname } = useLocation();
  const name = projectPartFromPathname(pathname)?.project ?? null;
  if (name === null) return <NamesNothing what="project" />;
  // A new project is a new page: no dialog or typed text carries over from the last one.
  return <Project key={name} name={name} />;
}

export { IssuePage } from './issue-page';
