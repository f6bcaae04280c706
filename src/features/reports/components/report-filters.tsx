import { useId, useState } from 'react';
import { RATINGS, REPORT_SORT_KEYS, type ReportListParams, type ReportSortKey, type SortDirection } from '../../../api';
import { PerPageSelect, SEARCH_DEBOUNCE_MS, SearchBox, SortSelect } from '../../../components/list-controls';
import { ratingRangeLabel } from '../../../lib/rating';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { deferred } from '../../../components/deferred';
import { reportListState } from '../list-state';

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

const ProjectSuggestions = deferred(async () => (await import('./project-suggestions')).ProjectSuggestions, {
  preload: false,
});

/** The account's projects, searchable through the API when there are many. */
function ProjectFilter({ value, onCommit }: { value: string; onCommit: (project: string | undefined) => void }) {
  const listId = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Suggestions cost a request: fetched (and their code loaded) once someone uses the field.
  const [wanted, setWanted] = useState(false);
  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onCommit(trimmed || undefined);
  };
  return (
    <div className="filter">
      <label htmlFor="report-project">Project</label>
      <input
        id="report-project"
        type="search"
        list={listId}
        value={text}
        placeholder="All projects"
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          // Picking a suggestion applies it at once; free typing waits for Enter or leaving the field.
          const suggested = Array.from(event.target.list?.options ?? []).some((option) => option.value === next);
          if (suggested || next === '') commit(next);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
        onFocus={() => setWanted(true)}
        onBlur={() => commit(text)}
      />
      {wanted ? <ProjectSuggestions id={listId} search={search} /> : null}
    </div>
  );
}

export function ReportFilters({ params, onChange, showProjectFilter }: FiltersProps) {
  const shown = reportListState.shown(params);
  return (
    <div className="filters" role="search" aria-label="Filter reports">
      <SearchBox
        id="report-search"
        label="Search URLs"
        placeholder="e.g. /blog"
        value={params.search ?? ''}
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
