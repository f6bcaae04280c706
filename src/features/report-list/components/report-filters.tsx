import { useState } from 'react';
import { RATINGS, REPORT_SORT_KEYS, type ReportListParams, type ReportSortKey, type SortDirection } from '../../../api';
import { lazyPart } from '../../../components/lazy-part';
import { PerPageSelect, SearchBox, SortSelect } from '../../../components/list-controls';
import { ratingRangeLabel } from '../../../lib/rating';
import { reportListState, searchAsStored } from '../../reports';
import type { ProjectFilterProps } from './project-combobox';

const SORT_LABELS: Record<ReportSortKey, Record<SortDirection, string>> = {
  id: { desc: 'Newest first', asc: 'Oldest first' },
  generated_at: { desc: 'Generated: newest first', asc: 'Generated: oldest first' },
  url: { asc: 'URL: A to Z', desc: 'URL: Z to A' },
  result: { desc: 'Result: best first', asc: 'Result: worst first' },
};

interface FiltersProps {
  params: ReportListParams;
  onChange: (change: Partial<ReportListParams>) => void;
  /** Hidden on a project's page, where the project is fixed. */
  showProjectFilter: boolean;
}

/**
 * The project filter's combobox loads apart from the first paint (docs/decisions/0035), with the
 * filters; until its code is here the same box shows the chosen project, and a person who
 * focuses it meanwhile finds the combobox focused when it comes.
 */
const ProjectFilter = lazyPart(async () => (await import('./project-combobox')).ProjectCombobox, {
  placeholder: ProjectFilterPlace,
});
function ProjectFilterPlace({ value, onFocusEarly }: ProjectFilterProps) {
  return (
    <div className="filter">
      <label htmlFor="report-project">Project</label>
      <input id="report-project" type="text" value={value} placeholder="All projects" readOnly onFocus={onFocusEarly} />
    </div>
  );
}

export function ReportFilters({ params, onChange, showProjectFilter }: FiltersProps) {
  const shown = reportListState.shown(params);
  const [focusedEarly, setFocusedEarly] = useState(false);
  return (
    <div className="filters" role="search" aria-label="Filter reports">
      <SearchBox
        id="report-search"
        label="Search URLs"
        placeholder="e.g. /blog"
        value={params.search ?? ''}
        normalise={searchAsStored}
        onCommit={(search) => onChange({ search })}
      />
      {showProjectFilter ? (
        <ProjectFilter
          value={params.project ?? ''}
          onCommit={(project) => onChange({ project })}
          focusOnMount={focusedEarly}
          onFocusEarly={() => setFocusedEarly(true)}
        />
      ) : null}
      <div className="filter">
        <label htmlFor="report-result">Result</label>
        <select
          id="report-result"
          value={params.result ?? ''}
          onChange={(event) => onChange({ result: RATINGS.find((r) => r === event.target.value) })}
        >
          <option value="">All results</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {ratingRangeLabel(rating)}
            </option>
          ))}
        </select>
      </div>
      <SortSelect
        id="report-sort"
        keys={REPORT_SORT_KEYS}
        labels={SORT_LABELS}
        ascendingFirst={['url']}
        sortBy={shown.sortBy}
        sort={shown.sort}
        onChange={(sortBy, sort) => onChange({ sortBy, sort })}
      />
      <PerPageSelect id="report-per-page" value={shown.perPage} onChange={(perPage) => onChange({ perPage })} />
    </div>
  );
}
