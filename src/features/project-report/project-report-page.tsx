import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ratingFromScore, type Rating } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { NamesNothing } from '../../components/names-nothing';
import { checksCatalog } from '../../lib/check-catalog';
import { checkGuide, checkGuideCatalog } from '../../lib/check-guide';
import { checkTitle, importanceLabel } from '../../lib/checks';
import { formatDate, formatNumber, formatPercent } from '../../lib/i18n/format';
import { LANGUAGE_NAMES, LANGUAGES, PSEUDO_LOCALE, type Language, type Locale } from '../../lib/i18n/locales';
import type { CatalogName } from '../../lib/i18n/catalogs';
import { SpeakIn } from '../../lib/i18n/speak-in';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { reportProjectFromPathname } from '../../lib/paths-from-address';
import { rangeSearch, readChangeRange, useProjectAudit, type Health, type ReadReport } from '../audit';
import { BrandMark, PrintedPages, brandStyle } from '../branding';
import { useBranding, useCheckSettings, type BrandingProfile } from '../workspace';
import { projectReportCatalog } from './catalog';
import {
  buildProjectReport,
  PAGES_PER_ISSUE,
  type ProjectReport,
  type ReportIssue,
  type SetAsideCheck,
} from './project-report';
import { useReportLanguage } from './report-language';
import { dayWords, pagesWords, ratingWords } from './report-words';
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

/**
 * The report speaks its own language (docs/decisions/0109): below, every word is a message said
 * through `useLingui()` (the report's instance inside `<SpeakIn>`), and every date and number is
 * formatted for its locale, `useReportLocale()`.
 */
function useReportLocale() {
  const { i18n } = useLingui();
  return { i18n, locale: i18n.locale as Locale };
}

const healthFigure = (health: Health) => (health.average === null ? null : Math.round(health.average));

/** "Good 84", in the report's words and the dashboard's colours (colour never says it alone). */
function ReportRating({ rating, score }: { rating: Rating | null; score: number | null }) {
  const { i18n } = useReportLocale();
  return <span className={`badge badge--${rating ?? 'none'}`}>{ratingWords(i18n, rating, score)}</span>;
}

function HealthFigure({ health }: { health: Health }) {
  const { t } = useLingui();
  const figure = healthFigure(health);
  return figure === null ? <>{t`No score`}</> : <ReportRating rating={ratingFromScore(figure)} score={figure} />;
}

/** The document's title while the report is on screen (and the PDF's title), in the report's language. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/**
 * The catalogs the printed report says: loaded in its language, apart from the dashboard's. The
 * checks' titles and importance are the `checks` catalog's (lib/check-catalog.ts), their guidance
 * the `check-guide` catalog's (lib/check-guide.ts).
 */
const REPORT_CATALOGS: readonly CatalogName[] = ['project-report', 'checks', 'check-guide'];

/** What the printed report is made of. */
interface ReportProps {
  project: string;
  from: string;
  to: string;
  report: ProjectReport;
  branding: BrandingProfile | null;
  /** When the page was opened (epoch ms): the day it is prepared. */
  preparedAt: number;
}

/**
 * The first page: who made the report, for which project and period, and the health then and
 * now. Branded with the profile when there is one; plain, and still complete, when not. The
 * agency's words stay as it typed them.
 */
function Cover(props: ReportProps) {
  const { project, from, to, report, branding } = props;
  const { t } = useLingui();
  const { i18n, locale } = useReportLocale();
  const { before, after, healthChange } = report.comparison;
  const fromDay = dayWords(from, locale);
  const toDay = dayWords(to, locale);
  const prepared = formatDate(props.preparedAt, locale);
  const agency = branding?.agencyName;
  const change = healthChange === null ? null : Math.round(healthChange);
  const sign = change === null || change === 0 ? '±' : change > 0 ? '+' : '−';
  const points = Math.abs(change ?? 0);
  return (
    <section className="report-cover" aria-label={t`Cover`}>
      <div className="report-cover__band">
        {branding && (branding.agencyName || branding.logo) ? (
          <BrandMark branding={branding} className="report-cover__brand" />
        ) : null}
        <p className="report-cover__kicker">{t`SEO report`}</p>
      </div>
      <h1 id="project-report-title" className="report-cover__title">
        <ApiText value={project} />
      </h1>
      <p className="report-cover__period">{t`${fromDay} to ${toDay}`}</p>
      <dl className="report-cover__health">
        <div>
          <dt>{t`Health on ${toDay}`}</dt>
          <dd>
            <HealthFigure health={after.health} />{' '}
            <span className="report-aside">{pagesWords(i18n, after.health.pages)}</span>
          </dd>
        </div>
        <div>
          <dt>{t`Health on ${fromDay}`}</dt>
          <dd>
            {before.health.pages === 0 ? t`No page analysed yet` : <HealthFigure health={before.health} />}{' '}
            {before.health.pages > 0 ? (
              <span className="report-aside">{pagesWords(i18n, before.health.pages)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t`Change`}</dt>
          <dd>
            {change === null
              ? t`Cannot be told`
              : t({
                  message: plural(points, {
                    one: `${sign}# point`,
                    other: `${sign}# points`,
                  }),
                })}
          </dd>
        </div>
      </dl>
      <p className="report-cover__prepared">
        {agency ? t`Prepared ${prepared} by ${agency}` : t`Prepared ${prepared}`}
        {branding?.contact ? <> · {branding.contact}</> : null}
      </p>
      <p className="report-aside">
        {t`Health is the average score of the pages (the latest analysis of each on or before the date); pages without a score are left out.`}
      </p>
    </section>
  );
}

function SetAside({ checks }: { checks: readonly SetAsideCheck[] }) {
  const { t } = useLingui();
  const { i18n } = useReportLocale();
  if (checks.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby="report-aside-title">
      <h2 id="report-aside-title">{t`Checks set aside for this project`}</h2>
      <p>{t`Left out of the issues and of what changed below, at the analyst’s judgement:`}</p>
      <ul>
        {checks.map((entry) => (
          <li key={entry.check}>
            <strong>{checkTitle(entry.check, i18n)}</strong>
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
  const { t } = useLingui();
  const { i18n, locale } = useReportLocale();
  const fromDay = dayWords(from, locale);
  const toDay = dayWords(to, locale);
  const number = (value: number) => formatNumber(value, 0, locale);
  const fixed = number(totals.fixed);
  const fresh = number(totals.newlyFailing);
  const still = number(totals.stillFailing);
  const gone = number(totals.gonePages);
  const newPages = totals.newPages;
  return (
    <section className="report-section report-section--changes" aria-labelledby="report-changes-title">
      <h2 id="report-changes-title">{t`What changed from ${fromDay} to ${toDay}`}</h2>
      <ul className="report-totals">
        <li>
          <Trans>
            <strong>{fixed}</strong> fixed
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>{fresh}</strong> new
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>{still}</strong> still failing
          </Trans>
        </li>
        <li>
          <strong>{number(totals.newPages)}</strong>{' '}
          {t({
            comment: 'After the number of new pages, in bold',
            message: plural(newPages, { one: 'new page', other: 'new pages' }),
          })}
          ,{' '}
          <Trans>
            <strong>{gone}</strong> gone
          </Trans>
        </li>
      </ul>
      <p className="report-aside">{t`Each figure counts a check on a page: one check fixed on three pages is 3 fixed.`}</p>
      {changes.length === 0 ? (
        <p>{t`No check fails on either date.`}</p>
      ) : (
        <table className="data-table report-table">
          <caption className="visually-hidden">{t`What changed, by check, most important first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Check`}</th>
              <th scope="col">{t`Importance`}</th>
              <th scope="col">{t`Fixed`}</th>
              <th scope="col">{t`New`}</th>
              <th scope="col">{t`Still failing`}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.check}>
                <th scope="row" className="data-table__primary">
                  {checkTitle(change.check, i18n)}
                </th>
                <td data-label={t`Importance`}>{importanceLabel(change.importance, i18n)}</td>
                <td data-label={t`Fixed`}>{number(change.fixed.length)}</td>
                <td data-label={t`New`}>{number(change.newlyFailing.length + change.onNewPages.length)}</td>
                <td data-label={t`Still failing`}>{number(change.stillFailing.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Issue({ issue, rank }: { issue: ReportIssue; rank: number }) {
  const { t } = useLingui();
  const { i18n, locale } = useReportLocale();
  const title = checkTitle(issue.check, i18n);
  const guide = checkGuide(issue.check, i18n);
  const named = issue.pages.slice(0, PAGES_PER_ISSUE);
  const importance = importanceLabel(issue.importance, i18n);
  const pages = pagesWords(i18n, issue.pages.length);
  const share = formatPercent(issue.share, 0, locale);
  const more = issue.pages.length - named.length;
  return (
    <article className="report-issue" aria-labelledby={`report-issue-${rank}`}>
      <h3 id={`report-issue-${rank}`}>
        {rank}. {title}
      </h3>
      <p className="report-issue__facts">{t`${importance} importance · fails on ${pages} (${share} of the site)`}</p>
      <p>
        <strong>{t`Why it matters.`}</strong> {guide.why}
      </p>
      <p>
        <strong>{t`How to fix it.`}</strong> {guide.fix}
      </p>
      <ul className="report-issue__pages" aria-label={t`Pages failing ${title}`}>
        {named.map((page) => (
          <li key={page.id}>
            <ApiText value={page.url || t`(no URL)`} /> <ReportRating rating={page.rating} score={page.score} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="report-aside">
          {t({
            message: plural(more, {
              one: 'And # more page, in “Every page”.',
              other: 'And # more pages, in “Every page”.',
            }),
          })}
        </p>
      ) : null}
    </article>
  );
}

function EveryPage({ pages }: { pages: readonly ReadReport[] }) {
  const { t } = useLingui();
  const { locale } = useReportLocale();
  const count = formatNumber(pages.length, 0, locale);
  const analysedOn = (moment: string | null) => (moment ? formatDate(moment, locale) : null);
  return (
    <section className="report-section report-section--pages" aria-labelledby="report-pages-title">
      <h2 id="report-pages-title">{t`Every page (${count})`}</h2>
      <table className="data-table report-table report-pages">
        <caption className="visually-hidden">{t`Every page with its score, lowest first`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Page`}</th>
            <th scope="col">{t`Score`}</th>
            <th scope="col">{t`Failing checks`}</th>
            <th scope="col">{t({ message: 'Analysed', context: 'a page of the client report' })}</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id}>
              <td className="data-table__primary">
                <Link to={paths.report.getHref(page.id)}>
                  <ApiText value={page.url || t`(no URL)`} />
                </Link>
              </td>
              <td data-label={t`Score`}>
                <ReportRating rating={page.rating} score={page.score} />
              </td>
              <td data-label={t`Failing checks`}>
                {formatNumber(page.problems.filter((check) => check.passed === false).length, 0, locale)}
              </td>
              <td data-label={t({ message: 'Analysed', context: 'a page of the client report' })}>
                {analysedOn(page.generatedAt ?? page.createdAt) ??
                  t({ message: 'unknown', context: 'when a page of the client report was analysed' })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The report itself, all of it in the report's language: what is printed. */
function ReportDocument(props: ReportProps) {
  const { project, from, to, report, branding } = props;
  const { t } = useLingui();
  useDocumentTitle(t`SEO report: ${project}`);
  // Placeholders the page's margin fills with its counters (branding's pageRules).
  const [page, pages] = ['{page}', '{pages}'];
  return (
    <>
      <PrintedPages footer={branding?.footer ?? ''} numbering={t`Page ${page} of ${pages}`} />
      <Cover project={project} from={from} to={to} report={report} branding={branding} preparedAt={props.preparedAt} />
      <SetAside checks={report.setAside} />
      <WhatChanged report={report} from={from} to={to} />
      <section className="report-section report-section--issues" aria-labelledby="report-issues-title">
        <h2 id="report-issues-title">{t`Top issues to fix`}</h2>
        {report.topIssues.length === 0 ? (
          <p>{t`No check fails on any page.`}</p>
        ) : (
          <>
            <p className="report-aside">{t`Most impact first: how important the check is, times the pages it fails on.`}</p>
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

function RangeForm({ project, from, to }: { project: string; from: string; to: string }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <form
      className="filters report-range"
      aria-label={t`Period of the report`}
      key={`${from} ${to}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const search = rangeSearch(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
        void navigate(paths.projectReport.getHref(project, search));
      }}
    >
      <label className="filter">
        <span className="filter__label">{t`Start date`}</span>
        <input type="date" name="from" defaultValue={from} required />
      </label>
      <label className="filter">
        <span className="filter__label">{t`End date`}</span>
        <input type="date" name="to" defaultValue={to} required />
      </label>
      <button type="submit" className="button">
        {t`Show this period`}
      </button>
    </form>
  );
}

/** The language the report is written in: each named in itself; the dashboard's until one is chosen. */
function ReportLanguage({ value, onChange }: { value: Locale; onChange: (language: Language) => void }) {
  const { t } = useLingui();
  return (
    <label className="filter report-language">
      <span className="filter__label">{t`Language`}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
        {/* The dashboard in the pseudo-locale of a test run: shown then, never offered. */}
        {value === PSEUDO_LOCALE ? <option value={PSEUDO_LOCALE}>Pseudo</option> : null}
      </select>
    </label>
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

/**
 * The page: a toolbar in the dashboard's language (the analyst's: period, language, print) over
 * the report in the language chosen for the project, kept on this device.
 */
function ProjectReportView({ project }: { project: string }) {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const handle = useProjectAudit(project, undefined);
  const reports = useDeferredValue(handle.snapshot?.reports);
  const { branding } = useBranding();
  const [chosenLanguage, chooseLanguage] = useReportLanguage(project);
  const reportLocale: Locale = chosenLanguage ?? (i18n.locale as Locale);
  const [shownIn, setShownIn] = useState<Locale | null>(null);
  const query = searchParams.toString();
  const range = useMemo(() => readChangeRange(new URLSearchParams(query), now), [query, now]);
  const { from, to, fromAt, toAt } = range;
  const { loaded: settingsLoaded, setAside } = useChecksSetAside(project);
  const report = useMemo(
    () => (reports && settingsLoaded ? reportOf(reports, fromAt, toAt, setAside) : undefined),
    [reports, fromAt, toAt, setAside, settingsLoaded],
  );
  const shown = report && report.comparison.after.health.pages > 0 ? report : undefined;

  let body;
  if (handle.snapshot === undefined || (handle.snapshot && !report)) {
    body = <p role="status">{t`Looking for this project’s runs on this device…`}</p>;
  } else if (handle.snapshot === null) {
    body =
      handle.read.kind === 'reading' ? (
        <p role="status">{t`Reading the project… The report shows once it is read.`}</p>
      ) : (
        <EmptyState title={t`This project has not been read on this device`}>
          <p>
            {t`The report is made from every run of every page, read once (one request for each 100 reports) and kept here.`}
          </p>
          <div className="state__actions">
            <button type="button" className="button button--primary" onClick={() => handle.start()}>
              {t`Read the project`}
            </button>
          </div>
        </EmptyState>
      );
  } else if (report && !shown) {
    const toDay = dayWords(to, i18n.locale as Locale);
    body = (
      <EmptyState title={t`No page had been analysed by ${toDay}`}>
        <p>{t`Pick a later date for the end of the period.`}</p>
      </EmptyState>
    );
  } else if (shown) {
    body = (
      <SpeakIn
        locale={reportLocale}
        catalogs={REPORT_CATALOGS}
        onShown={setShownIn}
        className="project-report__document"
        fallback={<p role="status">{t`Loading the report’s language…`}</p>}
        failed={(retry) => (
          <div className="state" role="alert">
            <p>{t`The words of the report’s language could not be loaded. Check the connection and try again.`}</p>
            <button type="button" className="button" onClick={retry}>
              {t`Try again`}
            </button>
          </div>
        )}
      >
        <ReportDocument project={project} from={from} to={to} report={shown} branding={branding} preparedAt={now} />
      </SpeakIn>
    );
  }

  return (
    <article
      className="page project-report"
      aria-labelledby={shown ? 'project-report-title' : 'project-report-heading'}
      style={brandStyle(branding)}
    >
      {shown ? null : <PrintedPages footer={branding?.footer ?? ''} />}
      <div className="project-report__toolbar no-print">
        <p className="back-link">
          <Link to={paths.project.getHref(project)}>{t`← Audit of ${project}`}</Link>
        </p>
        {shown ? null : (
          <h1 id="project-report-heading" className="project-title">
            <Trans>
              Client report of <ApiText value={project} />
            </Trans>
          </h1>
        )}
        {range.notices.map((notice) => (
          <p key={notice} className="notice notice--warning" role="status">
            {notice}
          </p>
        ))}
        <div className="project-report__actions">
          <RangeForm project={project} from={from} to={to} />
          <div className="project-report__buttons">
            <ReportLanguage value={reportLocale} onChange={chooseLanguage} />
            {shown ? (
              // Only once the report is in its chosen language: else the PDF would be in another.
              <button
                type="button"
                className="button button--primary"
                disabled={shownIn !== reportLocale}
                onClick={() => window.print()}
              >
                {t`Print / save as PDF`}
              </button>
            ) : null}
          </div>
        </div>
        {branding ? null : (
          <p className="report-aside">
            <Trans>
              Your agency’s name, logo and colour go on this report once set in{' '}
              <Link to={paths.settings.getHref()}>the branding settings</Link>.
            </Trans>
          </p>
        )}
      </div>
      {body}
    </article>
  );
}

export function ProjectReportPage() {
  // The checks' words come with the page's, in one round trip, and are then in use: the report
  // below can load them in its own language too (`<SpeakIn catalogs>`).
  useCatalog(projectReportCatalog, checksCatalog, checkGuideCatalog);
  const { pathname } = useLocation();
  const project = reportProjectFromPathname(pathname);
  if (project === null) return <NamesNothing what="project" />;
  return <ProjectReportView key={project} project={project} />;
}
