import { useDeferredValue, useMemo, type CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ReportListParams, ReportSortKey } from '../../../api';
import { lazyPart } from '../../../components/lazy-part';
import { ListBody } from '../../../components/list-body';
import { nextSort, usePrefetchNextPage } from '../../../lib/list-paging';
import { paths } from '../../../lib/paths';
import { FIRST_DIRECTION, reportListState, reportListView } from '../../reports';
import { reportQueries } from '../../reports';
import { ReportsTable } from './reports-table';

const PAGINATION_ID = 'reports-pagination';

// The filters and the pagination load once the first rows are on screen (decision 0027): the rows
// are what a person came for. Their places keep the same size meanwhile, so that nothing moves.
const ReportFilters = lazyPart(async () => (await import('./report-filters')).ReportFilters, {
  when: 'after-first-data',
  placeholder: FiltersPlace,
});
const Pagination = lazyPart(async () => (await import('../../../components/pagination')).Pagination, {
  when: 'after-first-data',
  placeholder: PaginationPlace,
});
function PaginationPlace() {
  return <nav className="pagination" />;
}

/**
 * The filters' labelled boxes, empty and inert, until their code is here. The widths are the
 * controls' own (their longest option, measured in Chromium): the rows below move at most 1 px.
 */
function FiltersPlace({ showProjectFilter }: { showProjectFilter: boolean }) {
  const { t } = useLingui();
  // The filters' own labels (./report-filters.tsx), so that nothing changes but the boxes coming
  // alive. Each box is as wide as its select in English, or as its label where that is wider (a
  // longer language's "Per page"): on one line, as the filter's own label (styles.css). On a phone
  // the boxes share the row in halves, as the filters do.
  const places: [label: string, widthRem?: number][] = [
    [t`Search URLs`],
    [t`Result`, 10.3],
    [t`Sort`, 14.4],
    [t`Per page`, 4.6],
  ];
  if (showProjectFilter) places.splice(1, 0, [t`Project`, 13.8]);
  return (
    <div className="filters filters--place" aria-hidden="true">
      {places.map(([label, widthRem]) => (
        <div
          key={label}
          className={widthRem ? 'filter' : 'filter filter--search'}
          style={widthRem ? ({ '--place-width': `${widthRem}rem` } as CSSProperties) : undefined}
        >
          <span className="filter__label">{label}</span>
          <input disabled />
        </div>
      ))}
    </div>
  );
}

export interface ReportsListProps {
  /** Where this list lives: the reports page by default, or a project's page. */
  at?: (search: URLSearchParams) => string;
  fixedProject?: string;
  title: string;
}

// Views answered from what was read for the audit (pages failing a check, the latest run of each
// URL) and their controls: one chunk, loaded on use, so the list's first paint carries none of it.
const loadAuditViews = () => import('./local-reports-list');
const LocalReportsList = lazyPart(async () => (await loadAuditViews()).default);
const AuditListFilters = lazyPart(async () => (await loadAuditViews()).AuditListFilters);

// Selection (the rows' checkboxes are plain markup), bulk actions, export and the link that skips
// the rows: loaded after the first rows, not in the first paint.
const BulkBar = lazyPart(async () => (await import('./bulk-bar')).BulkBar, {
  when: 'after-first-data',
  placeholder: BulkBarPlace,
});
function BulkBarPlace() {
  return <div className="bulk-bar" />;
}

/**
 * The reports list: filters, sortable table and pagination, all kept in the address bar.
 * The previous rows stay while the next view loads, and the next page is fetched ahead.
 */
export function ReportsList(props: ReportsListProps) {
  const [searchParams] = useSearchParams();
  return searchParams.has('failing') || searchParams.has('latest') ? (
    <LocalReportsList {...props} />
  ) : (
    <ServiceReportsList {...props} />
  );
}

function ServiceReportsList({ at = paths.reports.getHref, fixedProject, title }: ReportsListProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { urlParams, params } = reportListView(searchParams, fixedProject);
  const query = useQuery(reportQueries.list(params));
  const page = query.data;
  // The rows (up to 100) follow the data and the view in a deferred render, which React splits
  // into short slices, so a new page or sort never blocks input with one long task; the rows
  // are memoised, so the urgent render that starts it does not build them again.
  const paramsKey = reportListState.serialise(urlParams).toString();
  const view = useMemo(
    () => ({ page, params: reportListState.parse(new URLSearchParams(paramsKey)) }),
    [page, paramsKey],
  );
  const deferredView = useDeferredValue(view);
  // The first rows show at once: there is nothing older to keep on screen meanwhile.
  const shown = deferredView.page ? deferredView : view;
  const shownHref = reportListState.href(shown.params, at);
  // The view the rows belong to, handed to each report's page for previous / next and back.
  const origin = useMemo(() => ({ href: shownHref, project: fixedProject }), [shownHref, fixedProject]);

  const hrefFor = (next: ReportListParams) => reportListState.href(next, at);
  const change = (delta: Partial<ReportListParams>) => navigate(hrefFor(reportListState.change(urlParams, delta)));
  const onSort = (sortBy: ReportSortKey) => change(nextSort(reportListState.shown(urlParams), sortBy, FIRST_DIRECTION));
  usePrefetchNextPage(page, query.isPlaceholderData, (next) => reportQueries.list({ ...params, page: next }));

  return (
    <div className="reports-list">
      <ReportFilters params={urlParams} onChange={change} showProjectFilter={fixedProject === undefined} />
      {params.project !== undefined ? (
        <AuditListFilters
          project={params.project}
          onProjectPage={fixedProject !== undefined}
          preload={loadAuditViews}
        />
      ) : null}
      <ListBody
        query={query}
        loadingLabel={t`Loading reports…`}
        rows={params.perPage}
        firstPageHref={hrefFor({ ...urlParams, page: undefined })}
        noMatch={
          reportListState.hasFilters(urlParams)
            ? {
                title: t`No reports match`,
                detail: t`Nothing matches these filters.`,
                clear: { label: t`Clear filters`, href: hrefFor({}) },
              }
            : null
        }
        empty={{
          title: fixedProject ? t`This project has no reports` : t`No reports yet`,
          detail: t`Analyse a page to get its first report.`,
          action: { label: t`New report`, href: paths.newReport.getHref() },
        }}
      >
        {(current, busy) => {
          const rows = shown.page ?? current;
          const { currentPage, lastPage } = rows;
          return (
            <>
              <BulkBar
                params={params}
                total={current.total}
                rows={rows.items}
                scope={fixedProject === undefined ? 'view' : 'project'}
                paginationId={PAGINATION_ID}
              />
              <ReportsTable
                reports={rows.items}
                params={urlParams}
                rowParams={shown.params}
                caption={t({
                  message: `${title}, page ${currentPage} of ${lastPage}`,
                  comment: "The table's name for screen readers: the list's title, then where in it",
                })}
                busy={busy}
                onSort={onSort}
                showProject={fixedProject === undefined}
                origin={origin}
              />
              <Pagination
                page={current}
                hrefFor={(n) => hrefFor({ ...urlParams, page: n })}
                label={t({
                  message: `${title} pages`,
                  comment: "The name of a list's page links for screen readers: the list's title",
                })}
                id={PAGINATION_ID}
              />
            </>
          );
        }}
      </ListBody>
    </div>
  );
}
