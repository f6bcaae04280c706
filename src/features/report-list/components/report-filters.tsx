import { useState } from 'react';
import { RATINGS, REPORT_SORT_KEYS, type ReportListParams, type ReportSortKey, type SortDirection } from '../../../api';
import { deferred, showLaterParts } from '../../../components/deferred';
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

/** Set when the box is focused before the combobox's code is here, so that it takes focus. */
let focusedEarly = false;

/**
 * The project filter's combobox loads apart from the first paint (docs/decisions/0035), once the
 * first rows are on screen; until then the same box shows the chosen project, and focusing it
 * fetches the code at once.
 */
const ProjectFilter = deferred(
  async () => {
    const { ProjectCombobox } = await import('./project-combobox');
    return function ProjectFilterLoaded(props: ProjectFilterProps) {
      const [focusOnMount] = useState(() => {
        const early = focusedEarly;
        focusedEarly = false;
        return early;
      });
      return <ProjectCombobox {...props} focusOnMount={focusOnMount} />;
    };
  },
  {
    placeholder: ({ value }) => (
      <div className="filter">
        <label htmlFor="report-project">Project</label>
        <input
          id="report-project"
          type="text"
          value={value}
          placeholder="All projects"
          readOnly
          onFocus={() => {
            focusedEarly = true;
            showLaterParts();
          }}
        />
      </div>
    ),
    later: true,
  },
);

export function ReportFilters({ params, onChange, showProjectFilter }: FiltersProps) {
  const shown = reportListState.shown(params);
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
        <ProjectFilter value={params.project ?? ''} onCommit={(project) => onChange({ project })} />
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
