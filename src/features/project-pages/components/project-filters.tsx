import { PROJECT_SORT_KEYS, type ProjectListParams, type ProjectSortKey, type SortDirection } from '../../../api';
import { PerPageSelect, SearchBox, SortSelect } from '../../../components/list-controls';
import { projectListState } from '../../projects';

const SORT_LABELS: Record<ProjectSortKey, Record<SortDirection, string>> = {
  created_at: { desc: 'Newest first', asc: 'Oldest first' },
  project: { asc: 'Name: A to Z', desc: 'Name: Z to A' },
};

interface FiltersProps {
  params: ProjectListParams;
  onChange: (change: Partial<ProjectListParams>) => void;
}

export function ProjectFilters({ params, onChange }: FiltersProps) {
  const shown = projectListState.shown(params);
  return (
    <div className="filters" role="search" aria-label="Filter projects">
      <SearchBox
        id="project-search"
        label="Search projects"
        placeholder="e.g. example.com"
        value={params.search ?? ''}
        onCommit={(search) => onChange({ search })}
      />
      <SortSelect
        id="project-sort"
        keys={PROJECT_SORT_KEYS}
        labels={SORT_LABELS}
        ascendingFirst={['project']}
        sortBy={shown.sortBy}
        sort={shown.sort}
        onChange={(sortBy, sort) => onChange({ sortBy, sort })}
      />
      <PerPageSelect id="project-per-page" value={shown.perPage} onChange={(perPage) => onChange({ perPage })} />
    </div>
  );
}
