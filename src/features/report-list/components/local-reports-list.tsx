import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReportListParams, ReportSortKey } from '../../../api';
import { Pagination } from '../../../components/pagination';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { nextSort } from '../../../lib/list-paging';
import { paths } from '../../../lib/paths';
import {
  parseLocalFilters,
  queryLocalReports,
  useReadSnapshots,
  withLocalFilters,
  type LocalFilters,
} from '../../audit';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkTitle } from '../../../lib/checks';
import { FIRST_DIRECTION, reportListState, reportListView } from '../../reports';
import { reportListCatalog } from '../catalog';
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
  useCatalog(reportListCatalog, checksCatalog);
  const { t, i18n } = useLingui();
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

  const projectsRead = snapshots.length;
  const failingTitle = failing ? checkTitle(failing, i18n) : null;
  const readAt = oldestRead(snapshots.map((snapshot) => snapshot.readAt));

  let body;
  if (loading) {
    body = <p role="status">{t`Loading what this device read…`}</p>;
  } else if (snapshots.length === 0) {
    body =
      project === undefined ? (
        <EmptyState title={t`No project has been read on this device`}>
          <p>{t`These filters work on the reports read for a project's audit. Open a project to read it.`}</p>
          <Link to={paths.projects.getHref()} className="button">
            {t`Projects`}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title={t`This project has not been read on this device`}>
          <p>{t`These filters work on the reports read for the project's audit.`}</p>
          {fixedProject === undefined ? (
            <Link to={paths.project.getHref(project)} className="button">
              <Trans comment="A button that opens the project’s page, where it is read">
                Read <bdi>{project}</bdi>
              </Trans>
            </Link>
          ) : null}
        </EmptyState>
      );
  } else if (page.items.length === 0) {
    if (page.total > 0 && page.currentPage > page.lastPage) {
      body = (
        <EmptyState title={t`This page is empty`}>
          <p>{t`There are fewer pages than this address asks for.`}</p>
          <Link to={hrefFor({ ...urlParams, page: undefined })} className="button">
            {t`Go to the first page`}
          </Link>
        </EmptyState>
      );
    } else {
      body = (
        <EmptyState title={failing ? t`No page fails ${failingTitle}` : t`No reports match`}>
          <p>{t`Nothing read on this device matches these filters.`}</p>
          <Link to={hrefFor({}, {})} className="button">
            {t`Clear filters`}
          </Link>
        </EmptyState>
      );
    }
  } else {
    const { currentPage, lastPage } = page;
    let caption: string;
    if (failingTitle !== null && latest)
      caption = t({
        message: `${title}, failing ${failingTitle}, latest run of each URL, page ${currentPage} of ${lastPage}`,
        comment: "The table's name for screen readers: the list's title, what it shows, then where in it",
      });
    else if (failingTitle !== null)
      caption = t({
        message: `${title}, failing ${failingTitle}, page ${currentPage} of ${lastPage}`,
        comment: "The table's name for screen readers: the list's title, what it shows, then where in it",
      });
    else if (latest)
      caption = t({
        message: `${title}, latest run of each URL, page ${currentPage} of ${lastPage}`,
        comment: "The table's name for screen readers: the list's title, what it shows, then where in it",
      });
    else
      caption = t({
        message: `${title}, page ${currentPage} of ${lastPage}`,
        comment: "The table's name for screen readers: the list's title, then where in it",
      });
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
        <Pagination
          page={page}
          hrefFor={(n) => hrefFor({ ...urlParams, page: n })}
          label={t({
            message: `${title} pages`,
            comment: "The name of a list's page links for screen readers: the list's title",
          })}
        />
      </>
    );
  }

  return (
    <div className="reports-list">
      <ReportFilters params={urlParams} onChange={change} showProjectFilter={fixedProject === undefined} />
      <AuditListFilters project={project} onProjectPage={fixedProject !== undefined} />
      <div className="list-status">
        {/* Some project was read (its time is the oldest read's). */}
        {readAt !== null ? (
          <p className="local-list-note">
            {project === undefined ? (
              <Trans>
                From the <Plural value={projectsRead} one="project" other="# projects" /> read on this device (read{' '}
                <RelativeTime iso={readAt} />)
              </Trans>
            ) : (
              <Trans>
                From what was read on this device (read <RelativeTime iso={readAt} />)
              </Trans>
            )}
          </p>
        ) : null}
      </div>
      <div className="list-body">{body}</div>
    </div>
  );
}
