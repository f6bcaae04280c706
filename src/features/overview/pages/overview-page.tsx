import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RATINGS, type Project } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/states';
import { compareText } from '../../../lib/compare-text';
import { formatNumber, formatPercent } from '../../../lib/i18n/format';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { RATING_LABELS } from '../../../lib/rating';
import { commonIssues, useAuditSummaries, withLocalFilters } from '../../audit';
import { paths } from '../../../lib/paths';
import { projectQueries } from '../../projects';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkTitle, importanceLabel } from '../../../lib/checks';
import { reportListState, reportQueries } from '../../reports';
import { SavedViewsList } from '../../saved-views';
import { NeedsAttention, overviewCatalog, PlansOverview, useAttention } from '../../attention';
import { lazyPart } from '../../../components/lazy-part';
import { entryOf, NO_CHECK_SETTINGS, setAsideOf, useWorkspace } from '../../workspace';
import { overviewParams } from '../overview-params';
import { loadReader, useAccountRead } from '../use-account-read';
import '../overview.css';

/**
 * Loaded beside the page's first figures, not in them, and only once a project has been read
 * (HealthOverTime): its code is the change report's feature (a dynamic import of its index
 * brings the feature's chunk, which the report's route shares).
 */
const AccountHealth = lazyPart(async () => (await import('../../site-changes')).AccountHealth, {
  placeholder: AccountHealthComing,
});

function AccountHealthComing() {
  const { t } = useLingui();
  return <p role="status">{t`Drawing the account's health…`}</p>;
}

/**
 * A project's estimate with its checks set aside: after the page's first figures, not in them;
 * most projects have nothing set aside, and the workspace answers after the first paint anyway.
 */
const ProjectEstimate = lazyPart(async () => (await import('../../set-aside')).ProjectEstimate);

/** Until the background read's message and its reader are in: their place, unseen. */
function AccountReadComing() {
  const { t } = useLingui();
  return (
    <div className="overview-card overview-card--wide account-read account-read--coming" role="status">
      <span className="visually-hidden">{t`Looking for the projects read on this device…`}</span>
    </div>
  );
}

/**
 * The background read of a fresh device's projects, said in one message: its code and the
 * reader's come together, only where a read is wanted or likely (docs/decisions/0105).
 */
const AccountReadCard = lazyPart(
  async () => (await Promise.all([import('../account-read'), loadReader()]))[0].AccountReadCard,
  { placeholder: AccountReadComing },
);

const SHOWN_PROJECTS = 10;
const SHOWN_ISSUES = 10;
const percent = (count: number, total: number) => formatPercent(total > 0 ? count / total : 0);

const ReportsByRating = memo(function ReportsByRating() {
  const { t } = useLingui();
  const all = useQuery(reportQueries.list(overviewParams.recent));
  const good = useQuery(reportQueries.list({ result: 'good' }));
  const decent = useQuery(reportQueries.list({ result: 'decent' }));
  const bad = useQuery(reportQueries.list({ result: 'bad' }));
  const ratings = [good, decent, bad];
  const failed = [all, good, decent, bad].find((query) => query.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  const total = all.data?.total;
  const shownTotal = total === undefined ? '' : formatNumber(total);
  return (
    <>
      <p className="overview-figure">
        {total === undefined ? (
          <span className="overview-figure__loading">{t`Counting reports…`}</span>
        ) : (
          <Link to={reportListState.href({})}>
            <Trans>
              <strong>{shownTotal}</strong> <Plural value={total} one="report" other="reports" />
            </Trans>
          </Link>
        )}
      </p>
      <ul className="rating-tiles" aria-label={t`Reports by rating`}>
        {RATINGS.map((rating, index) => {
          const count = ratings[index]?.data?.total;
          return (
            <li key={rating} className={`rating-tile rating-tile--${rating}`}>
              <Link to={reportListState.href({ result: rating })} className="rating-tile__link">
                <span className="rating-tile__label">{RATING_LABELS[rating]}</span>{' '}
                <strong className="rating-tile__count">{count === undefined ? '…' : formatNumber(count)}</strong>{' '}
                <span className="rating-tile__share">
                  {/* A space until the share is known keeps its line: the cards below stay put. */}
                  {count === undefined || total === undefined ? '\u00a0' : percent(count, total)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
});

/** With no project read on this device there is no health to draw, and no chart code to load. */
const HealthOverTime = memo(function HealthOverTime({ noneRead, looking }: { noneRead: boolean; looking: boolean }) {
  const { t } = useLingui();
  const noProjectHealth = t`No project has been read on this device yet: open a project to read it, and its health shows here.`;
  if (noneRead) return <p>{noProjectHealth}</p>;
  if (looking)
    // Until the device answers, the place of the likeliest answer on a first visit is kept,
    // unseen, so that the cards below do not move down when it comes.
    return (
      <div role="status">
        <span className="visually-hidden">{t`Looking for the projects read on this device…`}</span>
        <p aria-hidden="true" className="overview-unseen">
          {noProjectHealth}
        </p>
      </div>
    );
  return <AccountHealth />;
});

/** A part of the overview on its way: words for screen readers, a few placeholder rows. */
function Loading({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="skeleton__row" />
        ))}
      </div>
    </div>
  );
}

/** Lowest health first (what needs attention), projects without a score last. */
const byHealth = (a: Project, b: Project) =>
  (a.averageScore ?? Infinity) - (b.averageScore ?? Infinity) || compareText(a.name, b.name);

/** "12 reports of example.com". */
function reportsOf(count: number, project: string): string {
  return plural(count, { one: `# report of ${project}`, other: `# reports of ${project}` });
}

/** "The 100 of 250 projects created last are ranked." */
function rankedOf(shown: number, total: number): string {
  const first = formatNumber(shown);
  return plural(total, {
    one: `The ${first} of # project created last are ranked.`,
    other: `The ${first} of # projects created last are ranked.`,
  });
}

const ProjectsByHealth = memo(function ProjectsByHealth() {
  const { t } = useLingui();
  // Every project from the projects list alone: its `result` is the sum of its scores.
  const query = useQuery(projectQueries.everyProject());
  const [showAll, setShowAll] = useState(false);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading label={t`Loading projects…`} rows={SHOWN_PROJECTS} />;
  const { items: projects, total } = query.data;
  if (projects.length === 0) {
    return (
      <EmptyState title={t`No projects yet`}>
        <p>{t`A project appears with the first report of a site.`}</p>
        <Link to={paths.newReport.getHref()} className="button button--primary">
          {t`New report`}
        </Link>
      </EmptyState>
    );
  }
  const ranked = [...projects].sort(byHealth);
  const shown = showAll ? ranked : ranked.slice(0, SHOWN_PROJECTS);
  const count = ranked.length;
  return (
    <>
      <table className="data-table overview-table">
        <caption className="visually-hidden">{t`Projects by health, lowest first`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Project`}</th>
            <th scope="col">{t`Health`}</th>
            <th scope="col" className="numeric">
              {t`Reports`}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((project) => (
            <tr key={project.name}>
              <td data-label={t`Project`} className="data-table__primary">
                <Link to={paths.project.getHref(project.name)}>{project.name}</Link>
              </td>
              <td data-label={t`Health`}>
                {/* One box: the phone's table lays a cell's children out as columns. */}
                <div className="overview-health">
                  <RatingBadge rating={project.rating} score={project.averageScore} />
                  <ProjectEstimate project={project.name} />
                </div>
              </td>
              <td data-label={t`Reports`} className="numeric">
                {project.reportCount === null ? (
                  '—'
                ) : (
                  <Link
                    to={reportListState.href({ project: project.name })}
                    aria-label={reportsOf(project.reportCount, project.name)}
                  >
                    {formatNumber(project.reportCount)}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="overview-more">
        {ranked.length > SHOWN_PROJECTS ? (
          <button type="button" className="button button--small" onClick={() => setShowAll((all) => !all)}>
            {showAll
              ? plural(SHOWN_PROJECTS, { one: 'Show the # lowest only', other: 'Show the # lowest only' })
              : plural(count, { one: 'Show all # project', other: 'Show all # projects' })}
          </button>
        ) : null}
        {total > projects.length ? ` ${rankedOf(projects.length, total)}` : null}
      </p>
    </>
  );
});

const MostCommonIssues = memo(function MostCommonIssues() {
  const { t, i18n } = useLingui();
  const { loaded, summaries } = useAuditSummaries();
  const { workspace } = useWorkspace();
  if (!loaded) return <Loading label={t`Looking for the projects read on this device…`} rows={3} />;
  if (summaries.length === 0) {
    return (
      <EmptyState title={t`No project read on this device yet`}>
        <p>{t`Open a project to read its audit; its issues then show here, together with other read projects.`}</p>
        <Link to={paths.projects.getHref()} className="button">
          {t`Projects`}
        </Link>
      </EmptyState>
    );
  }
  // As on each project's audit: a check switched off in a project does not count there.
  const setAside = new Map(
    summaries.map(({ project }) => [project, setAsideOf(entryOf(workspace, project).checks ?? NO_CHECK_SETTINGS)]),
  );
  const isOff = (project: string, check: string) => setAside.get(project)?.isOff(check) ?? false;
  const issues = commonIssues(summaries, (project, check) => !isOff(project, check)).slice(0, SHOWN_ISSUES);
  const someOff = summaries.some((summary) => summary.issues.some((issue) => isOff(summary.project, issue.check)));
  const count = summaries.length;
  // The projects, as sent: an element, never a string (<Trans> would read markup in one as its own).
  const projects = (
    <>
      {summaries.map((summary, index) => (
        <span key={summary.project}>
          {index > 0 ? ', ' : ''}
          <Link to={paths.project.getHref(summary.project)}>{summary.project}</Link>
        </span>
      ))}
    </>
  );
  return (
    <>
      <p className="overview-note">
        <Trans>
          Across the <Plural value={count} one="project" other="# projects" /> read on this device: {projects}.
        </Trans>
      </p>
      {someOff ? <p className="overview-note">{t`Checks switched off in a project are not counted for it.`}</p> : null}
      {issues.length === 0 ? (
        <p>
          {someOff
            ? t`No check that counts fails on the latest run of any page of these projects.`
            : t`No check fails on the latest run of any page of these projects.`}
        </p>
      ) : (
        <table className="data-table overview-table">
          <caption className="visually-hidden">{t`Most common issues, most failing pages first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Issue`}</th>
              <th scope="col" className="numeric">
                {t`Pages`}
              </th>
              <th scope="col" className="numeric">
                {t`Projects`}
              </th>
              <th scope="col">{t`Importance`}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.check}>
                <td data-label={t`Issue`} className="data-table__primary">
                  <Link to={withLocalFilters(reportListState.href({}), { failing: issue.check, latest: true })}>
                    {checkTitle(issue.check, i18n)}
                  </Link>
                </td>
                <td data-label={t`Pages`} className="numeric">
                  {formatNumber(issue.pages)}
                </td>
                <td data-label={t`Projects`} className="numeric">
                  {formatNumber(issue.projects)}
                </td>
                <td data-label={t`Importance`}>{importanceLabel(issue.importance, i18n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
});

const RecentReports = memo(function RecentReports() {
  const { t } = useLingui();
  const recent = useQuery(reportQueries.list(overviewParams.recent));
  if (recent.isError) return <ErrorState error={recent.error} onRetry={() => void recent.refetch()} />;
  // As many placeholder rows as the list will have: the cards below do not move when it comes.
  if (!recent.data)
    return <Loading label={t`Loading recent reports…`} rows={reportListState.shown(overviewParams.recent).perPage} />;
  if (recent.data.items.length === 0) {
    return (
      <EmptyState title={t`No reports yet`}>
        <Link to={paths.newReport.getHref()} className="button button--primary">
          {t`New report`}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="recent-reports">
        {recent.data.items.map((report) => (
          <li key={report.id} className="recent-reports__item">
            <Link to={paths.report.getHref(report.id)} className="recent-reports__url">
              {report.url || t`(no URL)`}
            </Link>
            <span className="recent-reports__meta">
              <RatingBadge rating={report.rating} score={report.score} /> <RelativeTime iso={report.generatedAt} />
            </span>
          </li>
        ))}
      </ul>
      <p className="overview-more">
        <Link to={reportListState.href(overviewParams.recent)}>{t`All reports, newest first`}</Link>
      </p>
    </>
  );
});

/**
 * The account at a glance, from a handful of requests whatever its size: counts from list
 * totals, health from the projects list, issues from what this device has read. A device that has
 * read no project yet reads them in the background (docs/decisions/0105): one message says how
 * far it is instead of three empty parts, and the parts come as the projects arrive, after the
 * account's figures, so that what the person is looking at does not move.
 */
export function OverviewPage() {
  // The checks' words (the top issues, what needs attention) come with the page's, in one round trip.
  useCatalog(overviewCatalog, checksCatalog);
  const { t } = useLingui();
  const attention = useAttention();
  const summaries = useAuditSummaries();
  const { read, starts, live, unknown } = useAccountRead(summaries);
  const [closed, setClosed] = useState(false);
  const nothingRead = summaries.loaded && summaries.summaries.length === 0;
  // The one message stands for the parts that would say "nothing read": until the first project is in.
  const oneMessage = nothingRead && read.kind !== 'idle' && read.kind !== 'done';
  // Where the parts fill during this visit (or likely will), they come after the account's figures.
  const last = live || unknown;
  const attentionParts = oneMessage ? null : (
    <>
      <section className="overview-card overview-card--wide" aria-labelledby="overview-attention-title">
        <h2 id="overview-attention-title">{t`Needs attention`}</h2>
        <NeedsAttention state={attention} />
      </section>
      <section className="overview-card overview-card--wide" aria-labelledby="overview-health-title">
        <h2 id="overview-health-title">{t`Health over time`}</h2>
        <HealthOverTime
          noneRead={attention.noneRead}
          looking={!attention.noneRead && attention.snapshots.length === 0}
        />
      </section>
    </>
  );
  const issues = oneMessage ? null : (
    <section className="overview-card" aria-labelledby="overview-issues-title">
      <h2 id="overview-issues-title">{t`Most common issues`}</h2>
      <MostCommonIssues />
    </section>
  );
  return (
    <section className="page" aria-labelledby="overview-title">
      <h1 id="overview-title">{t`Overview`}</h1>
      <div className="overview-grid">
        {(read.kind === 'idle' && !unknown) || (closed && read.kind === 'done') ? null : (
          <AccountReadCard
            read={unknown ? { kind: 'listing' } : read}
            starts={starts}
            unseen={unknown}
            nothingRead={nothingRead}
            live={live}
            onClose={() => setClosed(true)}
          />
        )}
        {last ? null : attentionParts}
        <section className="overview-card" aria-labelledby="overview-ratings-title">
          <h2 id="overview-ratings-title">{t`Reports by rating`}</h2>
          <ReportsByRating />
        </section>
        <section className="overview-card" aria-labelledby="overview-recent-title">
          <h2 id="overview-recent-title">{t`Recently generated`}</h2>
          <RecentReports />
        </section>
        <section className="overview-card" aria-labelledby="overview-projects-title">
          <h2 id="overview-projects-title">{t`Projects by health`}</h2>
          <ProjectsByHealth />
        </section>
        {last ? null : issues}
        <section className="overview-card" aria-labelledby="overview-plans-title">
          <h2 id="overview-plans-title">{t`Re-analysis plans`}</h2>
          <PlansOverview state={attention} />
        </section>
        <section className="overview-card" aria-labelledby="overview-views-title">
          <h2 id="overview-views-title">{t`Saved views`}</h2>
          <SavedViewsList />
        </section>
        {last ? (
          <>
            {attentionParts}
            {issues}
          </>
        ) : null}
      </div>
    </section>
  );
}
