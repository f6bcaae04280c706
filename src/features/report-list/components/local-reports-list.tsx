import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ReportListParams, ReportSortKey } from '../../../api';
import { Pagination } from '../../../components/pagination';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { nextSort } from '../../../lib/list-paging';
import { paths } from '../../../lib/paths';
import {
  parseLocalFilters,
  queryLocalReports,
  useReadSnapshots,
  withLocalFilters,
  type LocalFilters,
} from '../../audit';
import { checkTitle } from '../../../lib/checks';
import { FIRST_DIRECTION, reportListState, reportListView } from '../../reports';
import AuditListFilters, { effectiveFailing } from './audit-list-filters';
import { ReportFilters } from './report-filters';
import { ReportsTable } from './reports-table';

// The list's controls for these views come in the same chunk (see reports-list.tsx).
export { AuditListFilters };

/** The oldest of the reads a view is made of: what "as read … ago" must admit to. */
function oldestRead(readAts: string[]): string | null {
  return readAts.reduce<string | null>((oldest, at) => (oldest === null || at < oldest ? at : oldest), null);
}

/**
 * The reports list answered on this device from what was read for the audit: pages failing a
 * check, the latest run of each URL. Same controls, same address-bar state and same table as the
 * service's list; it says where its rows come from and how old they are.
 */
export default function LocalReportsList({
  at = paths.reports.getHref,
  fixedProject,
  title,
}: {
  at?: (search: URLSearchParams) => string;
  fixedProject?: string;
  title: string;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const viewKey = searchParams.toString();
  const { urlParams, params } = useMemo(
    () => reportListView(new URLSearchParams(viewKey), fixedProject),
    [viewKey, fixedProject],
  );
  const project = params.project;

  const { loading, snapshots } = useReadSnapshots(project);
  const reports = useMemo(() => snapshots.flatMap((snapshot) => snapshot.reports), [snapshots]);
  const parsedFilters = parseLocalFilters(searchParams);
  const failing = effectiveFailing(parsedFilters.failing, reports);
  const latest = parsedFilters.latest;
  const page = useMemo(
    () => queryLocalReports(reports, params, { failing, latest }),
    [reports, params, failing, latest],
  );

  const filters: LocalFilters = { failing, latest };
  const hrefFor = (next: ReportListParams, nextFilters: LocalFilters = filters) =>
    withLocalFilters(reportListState.href(next, at), nextFilters);
  const change = (delta: Partial<ReportListParams>) => navigate(hrefFor(reportListState.change(urlParams, delta)));
  const onSort = (sortBy: ReportSortKey) => change(nextSort(reportListState.shown(urlParams), sortBy, FIRST_DIRECTION));

  const what = [failing ? `failing ${checkTitle(failing)}` : null, latest ? 'latest run of each URL' : null].filter(
    Boolean,
  );
  const readAt = oldestRead(snapshots.map((snapshot) => snapshot.readAt));

  let body;
  if (loading) {
    body = <p role="status">Loading what this device read…</p>;
  } else if (snapshots.length === 0) {
    body =
      project === undefined ? (
        <EmptyState title="No project has been read on this device">
          <p>These filters work on the reports read for a project&apos;s audit. Open a project to read it.</p>
          <Link to={paths.projects.getHref()} className="button">
            Projects
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title="This project has not been read on this device">
          <p>These filters work on the reports read for the project&apos;s audit.</p>
          {fixedProject === undefined ? (
            <Link to={paths.project.getHref(project)} className="button">
              Read {project}
            </Link>
          ) : null}
        </EmptyState>
      );
  } else if (page.items.length === 0) {
    if (page.total > 0 && page.currentPage > page.lastPage) {
      body = (
        <EmptyState title="This page is empty">
          <p>There are fewer pages than this address asks for.</p>
          <Link to={hrefFor({ ...urlParams, page: undefined })} className="button">
            Go to the first page
          </Link>
        </EmptyState>
      );
    } else {
      body = (
        <EmptyState title={failing ? `No page fails ${checkTitle(failing)}` : 'No reports match'}>
          <p>Nothing read on this device matches these filters.</p>
          <Link to={hrefFor({}, {})} className="button">
            Clear filters
          </Link>
        </EmptyState>
      );
    }
  } else {
    const caption = `${title}, ${what.join(', ')}, page ${page.currentPage} of ${page.lastPage}`;
    body = (
      <>
        <ReportsTable
          reports={page.items}
          params={urlParams}
          rowParams={urlParams}
          caption={caption}
          busy={false}
          origin={{ href: hrefFor(urlParams), ...(fixedProject === undefined ? {} : { project: fixedProject }) }}
          onSort={onSort}
          showProject={fixedProject === undefined}
        />
        <Pagination page={page} hrefFor={(n) => hrefFor({ ...urlParams, page: n })} label={`${title} pages`} />
      </>
    );
  }

  return (
    <div className="reports-list">
      <ReportFilters params={urlParams} onChange={change} showProjectFilter={fixedProject === undefined} />
      <AuditListFilters project={project} onProjectPage={fixedProject !== undefined} />
      <div className="list-status">
        {snapshots.length > 0 ? (
          <p className="local-list-note">
            {project === undefined
              ? `From the ${snapshots.length === 1 ? 'project' : `${snapshots.length} projects`} read on this device`
              : 'From what was read on this device'}
            {readAt ? (
              <>
                {' '}
                (read <RelativeTime iso={readAt} />)
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="list-body">{body}</div>
    </div>
  );
}
