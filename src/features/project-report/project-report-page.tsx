import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ratingFromScore } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { NamesNothing } from '../../components/names-nothing';
import { RatingBadge } from '../../components/rating-badge';
import { checkGuide } from '../../lib/check-guide';
import { checkTitle, importanceLabel } from '../../lib/checks';
import { formatDate } from '../../lib/format';
import { formatNumber, formatPages } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import { reportProjectFromPathname } from '../../lib/paths-from-address';
import { dayLabel, rangeSearch, readChangeRange, useProjectAudit, type Health, type ReadReport } from '../audit';
import { BrandMark, PrintedPages, brandStyle } from '../branding';
import { useBranding, useCheckSettings, type BrandingProfile } from '../workspace';
import {
  buildProjectReport,
  PAGES_PER_ISSUE,
  type ProjectReport,
  type ReportIssue,
  type SetAsideCheck,
} from './project-report';
import './project-report.css';

/**
 * The checks switched off for the project (check settings, issue 29 item 2), as the report lists
 * them; its issues and changes leave them out. A failure accepted on one page is the analyst's
 * note on that page, not a check set aside: the report still counts it.
 */
function useChecksSetAside(project: string): { loaded: boolean; setAside: readonly SetAsideCheck[] } {
  const { loaded, settings } = useCheckSettings(project);
  const setAside = useMemo(
    () => settings.off.map(({ check, reason }) => ({ check, note: reason === '' ? null : reason })),
    [settings],
  );
  return { loaded, setAside };
}

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '±0');
const healthFigure = (health: Health) => (health.average === null ? null : Math.round(health.average));

function HealthFigure({ health }: { health: Health }) {
  const figure = healthFigure(health);
  return figure === null ? <>No score</> : <RatingBadge rating={ratingFromScore(figure)} score={figure} />;
}

/**
 * The first page: who made the report, for which project and period, and the health then and
 * now. Branded with the profile when there is one; plain, and still complete, when not.
 */
function Cover(props: {
  project: string;
  from: string;
  to: string;
  report: ProjectReport;
  branding: BrandingProfile | null;
}) {
  const { project, from, to, report, branding } = props;
  const { before, after, healthChange } = report.comparison;
  return (
    <section className="report-cover" aria-label="Cover">
      <div className="report-cover__band">
        {branding && (branding.agencyName || branding.logo) ? (
          <BrandMark branding={branding} className="report-cover__brand" />
        ) : null}
        <p className="report-cover__kicker">SEO report</p>
      </div>
      <h1 id="project-report-title" className="report-cover__title">
        <ApiText value={project} />
      </h1>
      <p className="report-cover__period">
        {dayLabel(from)} to {dayLabel(to)}
      </p>
      <dl className="report-cover__health">
        <div>
          <dt>Health on {dayLabel(to)}</dt>
          <dd>
            <HealthFigure health={after.health} />{' '}
            <span className="report-aside">{formatPages(after.health.pages)}</span>
          </dd>
        </div>
        <div>
          <dt>Health on {dayLabel(from)}</dt>
          <dd>
            {before.health.pages === 0 ? 'No page analysed yet' : <HealthFigure health={before.health} />}{' '}
            {before.health.pages > 0 ? <span className="report-aside">{formatPages(before.health.pages)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Change</dt>
          <dd>{healthChange === null ? 'Cannot be told' : `${signed(Math.round(healthChange))} points`}</dd>
        </div>
      </dl>
      <p className="report-cover__prepared">
        Prepared {formatDate(new Date().toISOString())}
        {branding?.agencyName ? <> by {branding.agencyName}</> : null}
        {branding?.contact ? <> · {branding.contact}</> : null}
      </p>
      <p className="report-aside">
        Health is the average score of the pages (the latest analysis of each on or before the date); pages without a
        score are left out.
      </p>
    </section>
  );
}

function SetAside({ checks }: { checks: readonly SetAsideCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby="report-aside-title">
      <h2 id="report-aside-title">Checks set aside for this project</h2>
      <p>Left out of the issues and of what changed below, at the analyst’s judgement:</p>
      <ul>
        {checks.map((entry) => (
          <li key={entry.check}>
            <strong>{checkTitle(entry.check)}</strong>
            {entry.note ? (
              <>
                : <ApiText value={entry.note} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WhatChanged({ report, from, to }: { report: ProjectReport; from: string; to: string }) {
  const { totals, changes } = report;
  return (
    <section className="report-section report-section--changes" aria-labelledby="report-changes-title">
      <h2 id="report-changes-title">
        What changed from {dayLabel(from)} to {dayLabel(to)}
      </h2>
      <ul className="report-totals">
        <li>
          <strong>{formatNumber(totals.fixed)}</strong> fixed
        </li>
        <li>
          <strong>{formatNumber(totals.newlyFailing)}</strong> new
        </li>
        <li>
          <strong>{formatNumber(totals.stillFailing)}</strong> still failing
        </li>
        <li>
          <strong>{formatNumber(totals.newPages)}</strong> new {totals.newPages === 1 ? 'page' : 'pages'},{' '}
          <strong>{formatNumber(totals.gonePages)}</strong> gone
        </li>
      </ul>
      <p className="report-aside">Each figure counts a check on a page: one check fixed on three pages is 3 fixed.</p>
      {changes.length === 0 ? (
        <p>No check fails on either date.</p>
      ) : (
        <table className="data-table report-table">
          <caption className="visually-hidden">What changed, by check, most important first</caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Importance</th>
              <th scope="col">Fixed</th>
              <th scope="col">New</th>
              <th scope="col">Still failing</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.check}>
                <th scope="row" className="data-table__primary">
                  {checkTitle(change.check)}
                </th>
                <td data-label="Importance">{importanceLabel(change.importance)}</td>
                <td data-label="Fixed">{formatNumber(change.fixed.length)}</td>
                <td data-label="New">{formatNumber(change.newlyFailing.length + change.onNewPages.length)}</td>
                <td data-label="Still failing">{formatNumber(change.stillFailing.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Issue({ issue, rank }: { issue: ReportIssue; rank: number }) {
  const title = checkTitle(issue.check);
  const guide = checkGuide(issue.check);
  const named = issue.pages.slice(0, PAGES_PER_ISSUE);
  return (
    <article className="report-issue" aria-labelledby={`report-issue-${rank}`}>
      <h3 id={`report-issue-${rank}`}>
        {rank}. {title}
      </h3>
      <p className="report-issue__facts">
        {importanceLabel(issue.importance)} importance · fails on {formatPages(issue.pages.length)} (
        {Math.round(issue.share * 100)}% of the site)
      </p>
      <p>
        <strong>Why it matters.</strong> {guide.why}
      </p>
      <p>
        <strong>How to fix it.</strong> {guide.fix}
      </p>
      <ul className="report-issue__pages" aria-label={`Pages failing ${title}`}>
        {named.map((page) => (
          <li key={page.id}>
            <ApiText value={page.url || '(no URL)'} /> <RatingBadge rating={page.rating} score={page.score} />
          </li>
        ))}
      </ul>
      {issue.pages.length > named.length ? (
        <p className="report-aside">And {formatPages(issue.pages.length - named.length)} more, in “Every page”.</p>
      ) : null}
    </article>
  );
}

function EveryPage({ pages }: { pages: readonly ReadReport[] }) {
  return (
    <section className="report-section report-section--pages" aria-labelledby="report-pages-title">
      <h2 id="report-pages-title">Every page ({formatNumber(pages.length)})</h2>
      <table className="data-table report-table report-pages">
        <caption className="visually-hidden">Every page with its score, lowest first</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Score</th>
            <th scope="col">Failing checks</th>
            <th scope="col">Analysed</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id}>
              <td className="data-table__primary">
                <Link to={paths.report.getHref(page.id)}>
                  <ApiText value={page.url || '(no URL)'} />
                </Link>
              </td>
              <td data-label="Score">
                <RatingBadge rating={page.rating} score={page.score} />
              </td>
              <td data-label="Failing checks">
                {formatNumber(page.problems.filter((check) => check.passed === false).length)}
              </td>
              <td data-label="Analysed">{formatDate(page.generatedAt ?? page.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RangeForm({ project, from, to }: { project: string; from: string; to: string }) {
  const navigate = useNavigate();
  return (
    <form
      className="filters report-range"
      aria-label="Period of the report"
      key={`${from} ${to}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const search = rangeSearch(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
        void navigate(paths.projectReport.getHref(project, search));
      }}
    >
      <label className="filter">
        <span className="filter__label">Start date</span>
        <input type="date" name="from" defaultValue={from} required />
      </label>
      <label className="filter">
        <span className="filter__label">End date</span>
        <input type="date" name="to" defaultValue={to} required />
      </label>
      <button type="submit" className="button">
        Show this period
      </button>
    </form>
  );
}

/**
 * Worked out once per runs' array and period: the page is mounted again as the app settles after
 * its first data, and a large project's report is not worth building twice.
 */
const built = new WeakMap<readonly ReadReport[], Map<string, ProjectReport>>();
function reportOf(reports: readonly ReadReport[], fromAt: number, toAt: number, setAside: readonly SetAsideCheck[]) {
  let results = built.get(reports);
  if (!results) built.set(reports, (results = new Map()));
  const key = JSON.stringify([fromAt, toAt, setAside]);
  let report = results.get(key);
  if (!report) {
    const start = performance.now();
    report = buildProjectReport(reports, { fromAt, toAt, setAside });
    // Shows in the browser's performance panel, and lets the bench find the work.
    performance.measure?.('project report: build', { start });
    results.set(key, report);
  }
  return report;
}

function ProjectReportView({ project }: { project: string }) {
  const [searchParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const handle = useProjectAudit(project, undefined);
  const reports = useDeferredValue(handle.snapshot?.reports);
  const { branding } = useBranding();
  const query = searchParams.toString();
  const range = useMemo(() => readChangeRange(new URLSearchParams(query), now), [query, now]);
  const { from, to, fromAt, toAt } = range;
  const { loaded: settingsLoaded, setAside } = useChecksSetAside(project);
  const report = useMemo(
    () => (reports && settingsLoaded ? reportOf(reports, fromAt, toAt, setAside) : undefined),
    [reports, fromAt, toAt, setAside, settingsLoaded],
  );

  let body;
  if (handle.snapshot === undefined || (handle.snapshot && !report)) {
    body = <p role="status">Looking for this project’s runs on this device…</p>;
  } else if (handle.snapshot === null) {
    body =
      handle.read.kind === 'reading' ? (
        <p role="status">Reading the project… The report shows once it is read.</p>
      ) : (
        <EmptyState title="This project has not been read on this device">
          <p>
            The report is made from every run of every page, read once (one request for each 100 reports) and kept here.
          </p>
          <div className="state__actions">
            <button type="button" className="button button--primary" onClick={() => handle.start()}>
              Read the project
            </button>
          </div>
        </EmptyState>
      );
  } else if (report && report.comparison.after.health.pages === 0) {
    body = (
      <EmptyState title={`No page had been analysed by ${dayLabel(to)}`}>
        <p>Pick a later date for the end of the period.</p>
      </EmptyState>
    );
  } else if (report) {
    body = (
      <>
        <Cover project={project} from={from} to={to} report={report} branding={branding} />
        <SetAside checks={report.setAside} />
        <WhatChanged report={report} from={from} to={to} />
        <section className="report-section report-section--issues" aria-labelledby="report-issues-title">
          <h2 id="report-issues-title">Top issues to fix</h2>
          {report.topIssues.length === 0 ? (
            <p>No check fails on any page.</p>
          ) : (
            <>
              <p className="report-aside">
                Most impact first: how important the check is, times the pages it fails on.
              </p>
              {report.topIssues.map((issue, index) => (
                <Issue key={issue.check} issue={issue} rank={index + 1} />
              ))}
            </>
          )}
        </section>
        <EveryPage pages={report.pages} />
      </>
    );
  }

  return (
    <article
      className="page project-report"
      aria-labelledby={report ? 'project-report-title' : 'project-report-heading'}
      style={brandStyle(branding)}
    >
      <PrintedPages footer={branding?.footer ?? ''} />
      <div className="project-report__toolbar no-print">
        <p className="back-link">
          <Link to={paths.project.getHref(project)}>← Audit of {project}</Link>
        </p>
        {report ? null : (
          <h1 id="project-report-heading" className="project-title">
            Client report of <ApiText value={project} />
          </h1>
        )}
        {range.notices.map((notice) => (
          <p key={notice} className="notice notice--warning" role="status">
            {notice}
          </p>
        ))}
        <div className="project-report__actions">
          <RangeForm project={project} from={from} to={to} />
          {report && report.comparison.after.health.pages > 0 ? (
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              Print / save as PDF
            </button>
          ) : null}
        </div>
        {branding ? null : (
          <p className="report-aside">
            Your agency’s name, logo and colour go on this report once set in{' '}
            <Link to={paths.settings.getHref()}>the branding settings</Link>.
          </p>
        )}
      </div>
      {body}
    </article>
  );
}

export function ProjectReportPage() {
  const { pathname } = useLocation();
  const project = reportProjectFromPathname(pathname);
  if (project === null) return <NamesNothing what="project" />;
  return <ProjectReportView key={project} project={project} />;
}
