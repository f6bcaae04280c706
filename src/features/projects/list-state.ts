import { PER_PAGE_OPTIONS, PROJECT_SORT_KEYS, SORT_DIRECTIONS, type ProjectListParams } from '../../api';
import { createListState, oneOfParam, pageParam, textParam } from '../../lib/list-state';
import { paths } from '../../lib/paths';

/**
 * The projects list view in the address bar. `search_by` has one value (`project`): it is
 * never put in the address nor sent from it.
 */
export const projectListState = createListState<ProjectListParams, 'sortBy' | 'sort' | 'perPage'>({
  params: {
    search: textParam('search'),
    sortBy: oneOfParam('sort_by', PROJECT_SORT_KEYS),
    sort: oneOfParam('sort', SORT_DIRECTIONS),
    perPage: oneOfParam('per_page', PER_PAGE_OPTIONS),
    page: pageParam(),
  },
  defaults: { sortBy: 'created_at', sort: 'desc', perPage: 10 },
  filters: ['search'],
  at: paths.projects.getHref,
});
