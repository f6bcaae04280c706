import { useEffect, useState } from 'react';
import {
  PER_PAGE_OPTIONS,
  PROJECT_SORT_KEYS,
  SORT_DIRECTIONS,
  type PerPage,
  type ProjectListParams,
  type ProjectSortKey,
  type SortDirection,
} from '../../../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export const PROJECT_SEARCH_DEBOUNCE_MS = 350;

const SORT_LABELS: Record<ProjectSortKey, Record<SortDirection, string>> = {
  created_at: { desc: 'Newest first', asc: 'Oldest first' },
  project: { asc: 'Name: A to Z', desc: 'Name: Z to A' },
};

interface FiltersProps {
  params: ProjectListParams;
  onChange: (change: Partial<ProjectListParams>) => void;
}

/** Keeps what is typed and commits it once typing pauses: one request per pause. */
function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, PROJECT_SEARCH_DEBOUNCE_MS);
  // The address bar is the truth: back/forward or "clear search" must show in the box.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (debounced.trim() !== value) onCommit(debounced.trim() || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- commit only when the typed text settles
  }, [debounced]);
  return (
    <div className="filter filter--search">
      <label htmlFor="project-search">Search projects</label>
      <input
        id="project-search"
        type="search"
        value={text}
        placeholder="e.g. example.com"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text.trim() || undefined);
        }}
      />
    </div>
  );
}

export function ProjectFilters({ params, onChange }: FiltersProps) {
  const sortBy = params.sortBy ?? 'created_at';
  const sort = params.sort ?? 'desc';
  return (
    <div className="filters" role="search" aria-label="Filter projects">
      <SearchBox value={params.search ?? ''} onCommit={(search) => onChange({ search })} />
      <div className="filter">
        <label htmlFor="project-sort">Sort</label>
        <select
          id="project-sort"
          value={`${sortBy}:${sort}`}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(':');
            onChange({
              sortBy: PROJECT_SORT_KEYS.find((k) => k === key),
              sort: SORT_DIRECTIONS.find((d) => d === direction),
            });
          }}
        >
          {PROJECT_SORT_KEYS.flatMap((key) =>
            (key === 'project' ? (['asc', 'desc'] as const) : SORT_DIRECTIONS).map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {SORT_LABELS[key][direction]}
              </option>
            )),
          )}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="project-per-page">Per page</label>
        <select
          id="project-per-page"
          value={params.perPage ?? 10}
          onChange={(event) =>
            onChange({ perPage: PER_PAGE_OPTIONS.find((n) => String(n) === event.target.value) as PerPage })
          }
        >
          {PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
