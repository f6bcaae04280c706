import { nextSort, usePrefetchNextPage } from '../../../lib/list-paging';
import { useDeferredValue, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { ReportListParams, ReportSortKey } from '../../../api';
import { EmptyState, ErrorState, PastLastPage } from '../../../components/states';
import { Pagination } from '../../../components/pagination';
import { hasFilters, parseReportListParams, reportListHref, reportListSearchParams, withChange } from '../list-params';
import { reportQueries } from '../queries';
import { ReportFilters } from './report-filters';
import { ReportsTable } from './reports-table';
import { ListLoading } from '../../../components/list-controls';

/** Sorting by a new column starts in the direction people usually want for it. */
const FIRST_DIRECTION: Record<ReportSortKey, 'asc' | 'desc'> = {
  id: 'desc',
  generated_at: 'desc',
  url: 'asc',
  result: 'desc',
};

/** The view's parameters: the address bar's, plus a fixed project on a project's page. */
export function useReportListParams(fixedProject?: string): { urlParams: ReportListParams; params: ReportListParams } {
  const [searchParams] = useSearchParams();
  const urlParams = parseReportListParams(searchParams);
  if (fixedProject === undefined) return { urlParams, params: urlParams };
  const { project: _ignored, ...rest } = urlParams;
  return { urlParams: rest, params: { ...rest, project: fixedProject } };
}

interface ReportsListProps {
  /** Where this list lives: '/reports', or a project's page. */
  pathname: string;
  fixedProject?: string;
  title: string;
}

/**
 * The reports list: filters, sortable table and pagination, all kept in the address bar.
 * The previous rows stay while the next view loads, and the next page is fetched ahead.
 */
export function ReportsList({ pathname, fixedProject, title }: ReportsListProps) {
  const navigate = useNavigate();
  const { urlParams, params } = useReportListParams(fixedProject);
  const query = useQuery(reportQueries.list(params));
  const page = query.data;
  // The rows (up to 100) follow the data and the view in a deferred render, which React splits
  // into short slices, so a new page or sort never blocks input with one long task; the rows
  // are memoised, so the urgent render that starts it does not build them again.
  const paramsKey = reportListSearchParams(urlParams).toString();
  const view = useMemo(
    () => ({ page, params: parseReportListParams(new URLSearchParams(paramsKey)) }),
    [page, paramsKey],
  );
  const deferredView = useDeferredValue(view);
  // The first rows show at once: there is nothing older to keep on screen meanwhile.
  const shown = deferredView.page ? deferredView : view;
  const shownHref = reportListHref(shown.params, pathname);
  const origin = useMemo(() => ({ href: shownHref, project: fixedProject }), [shownHref, fixedProject]);

  const hrefFor = (next: ReportListParams) => reportListHref(next, pathname);
  const change = (delta: Partial<ReportListParams>) => navigate(hrefFor(withChange(urlParams, delta)));
  const onSort = (sortBy: ReportSortKey) =>
    change(nextSort({ sortBy: urlParams.sortBy ?? 'id', sort: urlParams.sort ?? 'desc' }, sortBy, FIRST_DIRECTION));
  usePrefetchNextPage(page, query.isPlaceholderData, (next) => reportQueries.list({ ...params, page: next }));

  const filtered = hasFilters(urlParams);
  const updating = query.isFetching && query.isPlaceholderData;

  let body;
  if (query.isPending) {
    body = <ListLoading label="Loading reports…" rows={params.perPage} />;
  } else if (query.isError && !page) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (page && page.items.length === 0) {
    // Past the end first: a filtered view with matches on earlier pages is not "no matches".
    if (page.total > 0 && page.currentPage > page.lastPage) {
      body = <PastLastPage firstPageHref={hrefFor({ ...urlParams, page: undefined })} />;
    } else if (filtered) {
      body = (
        <EmptyState title="No reports match">
          <p>Nothing matches these filters.</p>
          <Link to={hrefFor({})} className="button">
            Clear filters
          </Link>
        </EmptyState>
      );
    } else {
      body = (
        <EmptyState title={fixedProject ? 'This project has no reports' : 'No reports yet'}>
          <p>Analyse a page to get its first report.</p>
          <Link to="/reports/new" className="button button--primary">
            New report
          </Link>
        </EmptyState>
      );
    }
  } else if (page && shown.page) {
    body = (
      <>
        <ReportsTable
          reports={shown.page.items}
          params={urlParams}
          rowParams={shown.params}
          caption={`${title}, page ${shown.page.currentPage} of ${shown.page.lastPage}`}
          busy={updating}
          onSort={onSort}
          showProject={fixedProject === undefined}
          origin={origin}
        />
        <Pagination page={page} hrefFor={(n) => hrefFor({ ...urlParams, page: n })} label={`${title} pages`} />
      </>
    );
  }

  return (
    <div className="reports-list">
      <ReportFilters params={urlParams} onChange={change} showProjectFilter={fixedProject === undefined} />
      <div className="list-status" aria-live="polite">
        {updating ? <span className="updating">Updating…</span> : null}
        {query.isError && page ? (
          <span className="notice notice--error">
            Could not refresh the list: {query.error.message}{' '}
            <button type="button" className="button button--small" onClick={() => void query.refetch()}>
              Try again
            </button>
          </span>
        ) : null}
      </div>
      <div className={updating ? 'list-body list-body--updating' : 'list-body'}>{body}</div>
    </div>
  );
}
