import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Report, ReportListParams, ReportSortKey } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { PRIVACY_LABELS } from '../privacy';
import { reportListHref } from '../list-params';
import { OpenPageLink } from './report-url';
import { RelativeTime } from './relative-time';

interface ReportsTableProps {
  reports: Report[];
  /** The view the headers show (sort), at once. */
  params: ReportListParams;
  /** The view the rows were fetched for (their project links keep it); may trail `params`. */
  rowParams: ReportListParams;
  caption: string;
  busy: boolean;
  onSort: (sortBy: ReportSortKey) => void;
  /** On a project's page the project column is the same on every row, so it is left out. */
  showProject: boolean;
}

function SortableHeader({
  label,
  sortKey,
  params,
  onSort,
}: {
  label: string;
  sortKey: ReportSortKey;
  params: ReportListParams;
  onSort: (key: ReportSortKey) => void;
}) {
  const activeKey = params.sortBy ?? 'id';
  const direction = params.sort ?? 'desc';
  const active = activeKey === sortKey;
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true" className="sort-button__icon">
          {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function ReportsTable({ reports, params, rowParams, caption, busy, onSort, showProject }: ReportsTableProps) {
  return (
    <table className="data-table" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <SortableHeader label="URL" sortKey="url" params={params} onSort={onSort} />
          {showProject ? <th scope="col">Project</th> : null}
          <SortableHeader label="Result" sortKey="result" params={params} onSort={onSort} />
          <SortableHeader label="Generated" sortKey="generated_at" params={params} onSort={onSort} />
          <SortableHeader label="Created" sortKey="id" params={params} onSort={onSort} />
          <th scope="col">Privacy</th>
        </tr>
      </thead>
      <ReportRows reports={reports} params={rowParams} showProject={showProject} />
    </table>
  );
}

/** Memoised: it renders again only for other rows or another view, not for busy or sort state. */
const ReportRows = memo(function ReportRows({
  reports,
  params,
  showProject,
}: Pick<ReportsTableProps, 'reports' | 'params' | 'showProject'>) {
  return (
    <tbody>
      {reports.map((report) => (
        <tr key={report.id}>
          <td data-label="URL" className="data-table__primary">
            <Link to={`/reports/${encodeURIComponent(report.id)}`} className="report-link">
              {report.url || '(no URL)'}
            </Link>{' '}
            <OpenPageLink url={report.url} />
          </td>
          {showProject ? (
            <td data-label="Project">
              {report.project ? (
                <Link
                  to={reportListHref({ ...params, project: report.project, page: undefined })}
                  aria-label={`Show only reports of ${report.project}`}
                >
                  {report.project}
                </Link>
              ) : (
                '—'
              )}
            </td>
          ) : null}
          <td data-label="Result">
            <RatingBadge rating={report.rating} score={report.score} />
          </td>
          <td data-label="Generated">
            <RelativeTime iso={report.generatedAt} />
          </td>
          <td data-label="Created">
            <RelativeTime iso={report.createdAt} />
          </td>
          <td data-label="Privacy">{PRIVACY_LABELS[report.privacy]}</td>
        </tr>
      ))}
    </tbody>
  );
});

export function ReportsTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__row" />
      ))}
    </div>
  );
}
