import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ProjectListParams, ProjectSortKey } from '../../../api';
import { ListBody } from '../../../components/list-body';
import { Pagination } from '../../../components/pagination';
import { nextSort, usePrefetchNextPage } from '../../../lib/list-paging';
import { paths } from '../../../lib/paths';
import { projectListState } from '../../projects';
import { projectQueries } from '../../projects';
import { ProjectFilters } from './project-filters';
import { ProjectsTable } from './projects-table';

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
  const params = projectListState.parse(searchParams);
  const query = useQuery(projectQueries.list(params));

  const change = (delta: Partial<ProjectListParams>) =>
    navigate(projectListState.href(projectListState.change(params, delta)));
  const onSort = (sortBy: ProjectSortKey) => change(nextSort(projectListState.shown(params), sortBy, FIRST_DIRECTION));
  usePrefetchNextPage(query.data, query.isPlaceholderData, (next) => projectQueries.list({ ...params, page: next }));

  return (
    <div className="projects-list">
      <ProjectFilters params={params} onChange={change} />
      <ListBody
        query={query}
        loadingLabel="Loading projects…"
        rows={params.perPage}
        firstPageHref={projectListState.href({ ...params, page: undefined })}
        noMatch={
          projectListState.hasFilters(params)
            ? {
                title: 'No projects match',
                detail: `No project name contains “${params.search}”.`,
                clear: {
                  label: 'Clear search',
                  href: projectListState.href({ ...params, search: undefined, page: undefined }),
                },
              }
            : null
        }
        empty={{
          title: 'No projects yet',
          detail: 'A project appears with the first report of a site. Analyse a page to start one.',
          action: { label: 'New report', href: paths.newReport.getHref() },
        }}
      >
        {(page, busy) => (
          <>
            <ProjectsTable
              projects={page.items}
              params={params}
              caption={`${TITLE}, page ${page.currentPage} of ${page.lastPage}`}
              busy={busy}
              onSort={onSort}
            />
            <Pagination
              page={page}
              hrefFor={(n) => projectListState.href({ ...params, page: n })}
              label={`${TITLE} pages`}
            />
          </>
        )}
      </ListBody>
    </div>
  );
}
