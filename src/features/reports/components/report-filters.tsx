import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PER_PAGE_OPTIONS,
  RATINGS,
  REPORT_SORT_KEYS,
  SORT_DIRECTIONS,
  api,
  type PerPage,
  type Rating,
  type ReportListParams,
  type ReportSortKey,
  type SortDirection,
} from '../../../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 350;

const RATING_LABELS: Record<Rating, string> = { good: 'Good (80–100)', decent: 'Decent (49–79)', bad: 'Bad (0–48)' };

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

/** The search box keeps what is typed and commits it once typing pauses: one request per pause. */
function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The address bar is the truth: back/forward or "clear filters" must show in the box.
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
      <label htmlFor="report-search">Search URLs</label>
      <input
        id="report-search"
        type="search"
        value={text}
        placeholder="e.g. /blog"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text.trim() || undefined);
        }}
      />
    </div>
  );
}

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
  // Suggestions cost a request: fetch them only once someone uses the field.
  const [wanted, setWanted] = useState(false);
  const projects = useQuery({
    enabled: wanted,
    queryKey: ['projects', 'list', 'filter-options', search],
    queryFn: ({ signal }) =>
      api.projects.list({ search: search || undefined, perPage: 100, sortBy: 'project', sort: 'asc' }, { signal }),
    staleTime: 60_000,
  });
  const names = projects.data?.items.map((p) => p.name) ?? [];
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
          setText(event.target.value);
          // Picking a suggestion applies it at once; free typing waits for Enter or leaving the field.
          if (names.includes(event.target.value) || event.target.value === '') commit(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
        onFocus={() => setWanted(true)}
        onBlur={() => commit(text)}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </div>
  );
}

export function ReportFilters({ params, onChange, showProjectFilter }: FiltersProps) {
  const sortBy = params.sortBy ?? 'id';
  const sort = params.sort ?? 'desc';
  return (
    <div className="filters" role="search" aria-label="Filter reports">
      <SearchBox value={params.search ?? ''} onCommit={(search) => onChange({ search })} />
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
              {RATING_LABELS[rating]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="report-sort">Sort</label>
        <select
          id="report-sort"
          value={`${sortBy}:${sort}`}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(':');
            onChange({
              sortBy: REPORT_SORT_KEYS.find((k) => k === key),
              sort: SORT_DIRECTIONS.find((d) => d === direction),
            });
          }}
        >
          {REPORT_SORT_KEYS.flatMap((key) =>
            (key === 'url' ? (['asc', 'desc'] as const) : SORT_DIRECTIONS).map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {SORT_LABELS[key][direction]}
              </option>
            )),
          )}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="report-per-page">Per page</label>
        <select
          id="report-per-page"
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
