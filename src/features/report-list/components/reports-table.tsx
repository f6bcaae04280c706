import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Report, ReportListParams, ReportSortKey } from '../../../api';
import { SortableHeader } from '../../../components/sortable-header';
import { RatingBadge } from '../../../components/rating-badge';
import { shortText } from '../../../lib/display-text';
import { paths } from '../../../lib/paths';
import { useDelegatedLinks } from '../../../lib/use-delegated-links';
import type { ReportListOrigin } from '../../report-page';
import { reportListState } from '../../reports';
import { PRIVACY_LABELS } from '../../reports';
import { OpenPageLink } from '../../../components/report-url';
import { RelativeTime } from '../../../components/relative-time';
import { lazyPart } from '../../../components/lazy-part';
import type { StaleTest } from './stale-marker';

// The reading of the stale age loads once the first rows are on screen (decision 0035), once for
// the table: its test goes to the rows, which mark themselves (decision 0096). Without its code,
// no markers: a message in every row would bury the rows.
const StaleAge = lazyPart(async () => (await import('./stale-marker')).StaleAge, {
  when: 'after-first-data',
  fallback: () => null,
});

/**
 * How many rows another sort, page or filter puts on screen at once: as many as the window holds
 * at the least height a row has at its width (styles.css: a one-line row is 44 px; on a phone,
 * below 40rem, a card is about 68 px). A sort, page or filter starts the page at its top.
 */
function rowsAScreenHolds(): number {
  const phone = window.matchMedia?.('(max-width: 40rem)').matches ?? false;
  return Math.ceil(window.innerHeight / (phone ? 68 : 44));
}

/**
 * New rows in two steps: the first screen's in the frame that answers the input, the others once
 * that frame is painted. Replacing all 100 at once made one frame of script and layout long
 * enough to be felt at 4x CPU (issue 37); the rows below the first screen are not seen in that
 * frame. Until the second step the rows below keep what they showed (they are keyed by place), and
 * `complete` is false: the table says it is busy meanwhile.
 */
function useRowsInTwoSteps<Row>(rows: Row[]): { shown: Row[]; complete: boolean } {
  const [drawn, setDrawn] = useState(rows);
  // The same reports in a new array (a parent's render) are no new rows.
  const same = drawn.length === rows.length && drawn.every((row, index) => row === rows[index]);
  const atOnce = rowsAScreenHolds();
  // A view no longer than a screen is drawn whole at once: nothing is left for a second step.
  if (!same && rows.length <= atOnce) setDrawn(rows);
  const complete = same || rows.length <= atOnce;
  useEffect(() => {
    if (complete) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next paint: a timer set from an animation frame runs once that frame is drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn(rows)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, complete]);
  const shown = useMemo(
    () => (complete ? rows : [...rows.slice(0, atOnce), ...drawn.slice(atOnce, rows.length)]),
    [complete, rows, drawn, atOnce],
  );
  return { shown, complete };
}

/** A row needs no check results: lists of reports read for the audit keep only some. */
export type ListedReport = Omit<Report, 'checks'>;

interface ReportsTableProps {
  reports: ListedReport[];
  /** The view the headers show (sort), at once. */
  params: ReportListParams;
  /** The view the rows were fetched for (their project links keep it); may trail `params`. */
  rowParams: ReportListParams;
  caption: string;
  busy: boolean;
  onSort: (sortBy: ReportSortKey) => void;
  /** On a project's page the project column is the same on every row, so it is left out. */
  showProject: boolean;
  /** The view the rows belong to, handed to each report's page for previous / next and back. */
  origin: ReportListOrigin;
}

export function ReportsTable({
  reports,
  params,
  rowParams,
  caption,
  busy,
  onSort,
  showProject,
  origin,
}: ReportsTableProps) {
  const reportState = useCallback(
    (link: HTMLAnchorElement) =>
      link.classList.contains('report-link')
        ? { reportList: { ...origin, row: { href: link.pathname, top: link.getBoundingClientRect().top } } }
        : undefined,
    [origin],
  );
  const { t } = useLingui();
  const { hrefOf, onClick } = useDelegatedLinks(reportState);
  const { sortBy, sort } = reportListState.shown(params);
  const sorting = (key: ReportSortKey) => ({ active: sortBy === key, direction: sort, onSort: () => onSort(key) });
  // null until the stale age is read: no markers meanwhile.
  const [staleTest, setStaleTest] = useState<StaleTest | null>(null);
  const onStaleAge = useCallback((test: StaleTest) => setStaleTest(() => test), []);
  const rows = useRowsInTwoSteps(reports);
  return (
    // Not an interaction of its own: it follows the clicks (and Enter) of the links inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <table
      className={showProject ? 'data-table reports-table reports-table--with-project' : 'data-table reports-table'}
      aria-busy={busy || !rows.complete}
      onClick={onClick}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="data-table__select">
            <input
              type="checkbox"
              className="row-select"
              data-select-page=""
              aria-label={t`Select all reports on this page`}
            />
          </th>
          <SortableHeader label={t`URL`} {...sorting('url')} />
          {showProject ? <th scope="col">{t`Project`}</th> : null}
          <SortableHeader label={t`Result`} {...sorting('result')} />
          <SortableHeader label={t`Generated`} {...sorting('generated_at')} />
          <SortableHeader label={t`Created`} {...sorting('id')} />
          <th scope="col">{t`Privacy`}</th>
        </tr>
      </thead>
      <ReportRows
        reports={rows.shown}
        params={rowParams}
        showProject={showProject}
        hrefOf={hrefOf}
        staleTest={staleTest}
      />
      <StaleAge onChange={onStaleAge} />
    </table>
  );
}

interface ReportRowsProps extends Pick<ReportsTableProps, 'reports' | 'params' | 'showProject'> {
  hrefOf: (path: string) => string;
  /** Whether a row's report is stale; null until the stale age is read. */
  staleTest: StaleTest | null;
}

/**
 * Memoised: it renders again only for other rows or another view, not for busy or sort state.
 * The rows hold plain links, which the table's one handler follows (see useDelegatedLinks).
 */
const ReportRows = memo(function ReportRows({ reports, params, showProject, hrefOf, staleTest }: ReportRowsProps) {
  // Many rows share a project: its filter link is built once per view.
  const projectHrefs = useMemo(() => {
    const projects = new Set(reports.map((report) => report.project).filter(Boolean));
    return new Map(
      [...projects].map((project) => [project, hrefOf(reportListState.href({ ...params, project, page: undefined }))]),
    );
  }, [reports, params, hrefOf]);
  return (
    <tbody>
      {reports.map((report, index) => (
        <ReportRow
          // By place, not by report (decision 0096): another sort, page or filter fills the rows
          // on screen with other reports instead of removing them all and building new ones,
          // which Chromium then styled and laid out from nothing (and near the viewport twice:
          // new rows have no remembered size for content-visibility). What belongs to a report
          // alone, its checkbox, is keyed by the report inside the row.
          key={index}
          report={report}
          href={hrefOf(paths.report.getHref(report.id))}
          projectHref={showProject ? projectHrefs.get(report.project) : undefined}
          showProject={showProject}
          stale={staleTest !== null && staleTest(report.generatedAt)}
        />
      ))}
    </tbody>
  );
});

interface ReportRowProps {
  report: ListedReport;
  href: string;
  /** The link that filters the list by the row's project; undefined: no link. */
  projectHref: string | undefined;
  showProject: boolean;
  /** Older than the stale age of the settings: worth analysing again. */
  stale: boolean;
}

/** Memoised: a row whose report and links did not change is not rendered again. */
const ReportRow = memo(function ReportRow({ report, href, projectHref, showProject, stale }: ReportRowProps) {
  // Each row follows the language itself: memoised, it is not rendered again with the table.
  const { t } = useLingui();
  const { id, project } = report;
  const url = report.url ? shortText(report.url) : null;
  return (
    <tr>
      <td className="data-table__select">
        {/* Plain markup: the selection bar (loaded after the first rows) follows these boxes. Not a
            tab stop, so a row is one (its link): `x` ticks the focused row's box (decision 0036). */}
        <input
          // Its checked state is the selection bar's, for this report: never another report's.
          key={report.id}
          type="checkbox"
          className="row-select"
          tabIndex={-1}
          data-select-report={report.id}
          aria-label={
            url
              ? t({ message: `Select ${url}`, comment: "A row's checkbox: the report's address" })
              : t({ message: `Select report ${id}`, comment: "A row's checkbox: a report without an address" })
          }
        />
      </td>
      <td data-label={t`URL`} data-column="url" className="data-table__primary">
        <a href={href} className="report-link">
          {url ? <bdi>{url}</bdi> : t`(no URL)`}
        </a>{' '}
        {/* One tab stop per row, the report's link: the page's own link is on the report page. */}
        <OpenPageLink url={report.url} tabIndex={-1} />
      </td>
      {showProject ? (
        <td data-label={t`Project`} data-column="project">
          {projectHref ? (
            // Not a tab stop: the project filter above the list does the same by keyboard.
            <a href={projectHref} aria-label={t`Show only reports of ${project}`} tabIndex={-1}>
              <bdi>{shortText(report.project)}</bdi>
            </a>
          ) : (
            '—'
          )}
        </td>
      ) : null}
      <td data-label={t`Result`} data-column="result">
        <RatingBadge rating={report.rating} score={report.score} />
      </td>
      <td data-label={t`Generated`} data-column="generated">
        <RelativeTime iso={report.generatedAt} />
        {stale ? (
          <span className="stale-marker">{t({ message: 'Stale', comment: 'A report older than the stale age' })}</span>
        ) : null}
      </td>
      <td data-label={t`Created`} data-column="created">
        <RelativeTime iso={report.createdAt} />
      </td>
      <td data-label={t`Privacy`} data-column="privacy">
        {PRIVACY_LABELS[report.privacy]}
      </td>
    </tr>
  );
});
