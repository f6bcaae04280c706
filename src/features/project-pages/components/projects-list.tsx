import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
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

/**
 * The projects list: search, sortable table and pagination, all kept in the address bar.
 * The previous rows stay while the next view loads, and the next page is fetched ahead.
 */
export function ProjectsList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const params = projectListState.parse(searchParams);
  const query = useQuery(projectQueries.list(params));
  const search = params.search ?? '';

  const change = (delta: Partial<ProjectListParams>) =>
    navigate(projectListState.href(projectListState.change(params, delta)));
  const onSort = (sortBy: ProjectSortKey) => change(nextSort(projectListState.shown(params), sortBy, FIRST_DIRECTION));
  usePrefetchNextPage(query.data, query.isPlaceholderData, (next) => projectQueries.list({ ...params, page: next }));

  return (
    <div className="projects-list">
      <ProjectFilters params={params} onChange={change} />
      <ListBody
        query={query}
        loadingLabel={t`Loading projects…`}
        rows={params.perPage}
        firstPageHref={projectListState.href({ ...params, page: undefined })}
        noMatch={
          projectListState.hasFilters(params)
            ? {
                title: t`No projects match`,
                detail: t`No project name contains “${search}”.`,
                clear: {
                  label: t`Clear search`,
                  href: projectListState.href({ ...params, search: undefined, page: undefined }),
                },
              }
            : null
        }
        empty={{
          title: t`No projects yet`,
          detail: t`A project appears with the first report of a site. Analyse a page to start one.`,
          action: { label: t`New report`, href: paths.newReport.getHref() },
        }}
      >
        {(page, busy) => {
          const { currentPage, lastPage } = page;
          return (
            <>
              <ProjectsTable
                projects={page.items}
                params={params}
                caption={t({
                  message: `Projects, page ${currentPage} of ${lastPage}`,
                  comment: 'The projects table’s caption: the page of the list on screen',
                })}
                busy={busy}
                onSort={onSort}
              />
              <Pagination
                page={page}
                hrefFor={(n) => projectListState.href({ ...params, page: n })}
                label={t({ message: 'Projects pages', comment: 'The name of the projects list’s page links' })}
              />
            </>
          );
        }}
      </ListBody>
    </div>
  );
}
