import { useLingui } from '@lingui/react/macro';
import { PROJECT_SORT_KEYS, type ProjectListParams, type ProjectSortKey, type SortDirection } from '../../../api';
import { PerPageSelect, SearchBox, SortSelect } from '../../../components/list-controls';
import { projectListState } from '../../projects';

interface FiltersProps {
  params: ProjectListParams;
  onChange: (change: Partial<ProjectListParams>) => void;
}

export function ProjectFilters({ params, onChange }: FiltersProps) {
  const { t } = useLingui();
  const shown = projectListState.shown(params);
  const sortLabels: Record<ProjectSortKey, Record<SortDirection, string>> = {
    created_at: { desc: t`Newest first`, asc: t`Oldest first` },
    project: { asc: t`Name: A to Z`, desc: t`Name: Z to A` },
  };
  return (
    <div className="filters" role="search" aria-label={t`Filter projects`}>
      <SearchBox
        id="project-search"
        label={t`Search projects`}
        placeholder={t`e.g. example.com`}
        value={params.search ?? ''}
        onCommit={(search) => onChange({ search })}
      />
      <SortSelect
        id="project-sort"
        keys={PROJECT_SORT_KEYS}
        labels={sortLabels}
        ascendingFirst={['project']}
        sortBy={shown.sortBy}
        sort={shown.sort}
        onChange={(sortBy, sort) => onChange({ sortBy, sort })}
      />
      <PerPageSelect id="project-per-page" value={shown.perPage} onChange={(perPage) => onChange({ perPage })} />
    </div>
  );
}
