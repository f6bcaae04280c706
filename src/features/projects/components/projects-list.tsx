import { nextSort, usePrefetchNextPage } from '../../../lib/list-paging';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Project, ProjectListParams, ProjectSortKey } from '../../../api';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, PastLastPage } from '../../../components/states';
import { hasProjectSearch, parseProjectListParams, projectListHref, withProjectListChange } from '../list-params';
import { projectQueries } from '../queries';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectFilters } from './project-filters';
import { ProjectsTable } from './projects-table';
import { ListLoading } from '../../../components/list-controls';

/** Sorting by a new column starts in the direction people usually want for it. */
const FIRST_DIRECTION: Record<ProjectSortKey, 'asc' | 'desc'> = { created_at: 'desc', project: 'asc' };

const TITLE = 'Projects';

/**
 * The projects list: search, sortable table and pagination, all kept in the address bar.
 * The previous rows stay while the next view loads, and the next page is fetched ahead.
 */
export function ProjectsList() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const params = parseProjectListParams(searchParams);
  const query = useQuery(projectQueries.list(params));
  const page = query.data;
  const [toDelete, setToDelete] = useState<Project | null>(null);

  const change = (delta: Partial<ProjectListParams>) => navigate(projectListHref(withProjectListChange(params, delta)));
  const onSort = (sortBy: ProjectSortKey) =>
    change(nextSort({ sortBy: params.sortBy ?? 'created_at', sort: params.sort ?? 'desc' }, sortBy, FIRST_DIRECTION));
  usePrefetchNextPage(page, query.isPlaceholderData, (next) => projectQueries.list({ ...params, page: next }));

  const updating = query.isFetching && query.isPlaceholderData;

  let body;
  if (query.isPending) {
    body = <ListLoading label="Loading projects…" rows={params.perPage} />;
  } else if (query.isError && !page) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (page && page.items.length === 0) {
    // Past the end first: a search with matches on earlier pages is not "no matches".
    if (page.total > 0 && page.currentPage > page.lastPage) {
      body = <PastLastPage firstPageHref={projectListHref({ ...params, page: undefined })} />;
    } else if (hasProjectSearch(params)) {
      body = (
        <EmptyState title="No projects match">
          <p>No project name contains “{params.search}”.</p>
          <Link to={projectListHref({ ...params, search: undefined, page: undefined })} className="button">
            Clear search
          </Link>
        </EmptyState>
      );
    } else {
      body = (
        <EmptyState title="No projects yet">
          <p>A project appears with the first report of a site. Analyse a page to start one.</p>
          <Link to="/reports/new" className="button button--primary">
            New report
          </Link>
        </EmptyState>
      );
    }
  } else if (page) {
    body = (
      <>
        <ProjectsTable
          projects={page.items}
          params={params}
          caption={`${TITLE}, page ${page.currentPage} of ${page.lastPage}`}
          busy={updating}
          onSort={onSort}
          onDelete={setToDelete}
        />
        <Pagination page={page} hrefFor={(n) => projectListHref({ ...params, page: n })} label={`${TITLE} pages`} />
      </>
    );
  }

  return (
    <div className="projects-list">
      <ProjectFilters params={params} onChange={change} />
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
      {toDelete ? (
        <DeleteProjectDialog
          key={toDelete.name}
          name={toDelete.name}
          reportCount={toDelete.reportCount}
          open
          onClose={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
