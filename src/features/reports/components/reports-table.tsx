import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Report, ReportListParams, ReportSortKey } from '../../../api';
import { SortableHeader } from '../../../components/list-controls';
import { RatingBadge } from '../../../components/rating-badge';
import { PRIVACY_LABELS } from '../privacy';
import { reportListHref } from '../list-params';
import type { ReportListOrigin } from '../list-origin';
import { OpenPageLink } from './report-url';
import { RelativeTime } from '../../../components/relative-time';

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
  const sorting = (key: ReportSortKey) => ({
    active: (params.sortBy ?? 'id') === key,
    direction: params.sort ?? 'desc',
    onSort: () => onSort(key),
  });
  return (
    <table className="data-table" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <SortableHeader label="URL" {...sorting('url')} />
          {showProject ? <th scope="col">Project</th> : null}
          <SortableHeader label="Result" {...sorting('result')} />
          <SortableHeader label="Generated" {...sorting('generated_at')} />
          <SortableHeader label="Created" {...sorting('id')} />
          <th scope="col">Privacy</th>
        </tr>
      </thead>
      <ReportRows reports={reports} params={rowParams} showProject={showProject} origin={origin} />
    </table>
  );
}

/** Memoised: it renders again only for other rows or another view, not for busy or sort state. */
const ReportRows = memo(function ReportRows({
  reports,
  params,
  showProject,
  origin,
}: Pick<ReportsTableProps, 'reports' | 'params' | 'showProject' | 'origin'>) {
  return (
    <tbody>
      {reports.map((report) => (
        <tr key={report.id}>
          <td data-label="URL" className="data-table__primary">
            <Link
              to={`/reports/${encodeURIComponent(report.id)}`}
              state={{ reportList: origin }}
              className="report-link"
            >
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
