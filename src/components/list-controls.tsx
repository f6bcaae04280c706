import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PER_PAGE_OPTIONS, SORT_DIRECTIONS, type PerPage, type SortDirection } from '../api';
import { useCatalog } from '../lib/i18n/use-catalog';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { sharedPartsCatalog } from './catalog';

/** Controls shared by the reports and projects lists. */

export const SEARCH_DEBOUNCE_MS = 350;

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  /** The search in the address bar. */
  value: string;
  onCommit: (search: string | undefined) => void;
  /** What a typed text is searched as (e.g. an address as the service stores it); as typed by default. */
  normalise?: (text: string) => string;
}

const asTyped = (text: string) => text;

/**
 * Keeps what is typed and commits it once typing pauses (or on Enter): one request per pause.
 * What was searched then shows in the box (e.g. a pasted address as the service stores it).
 */
export function SearchBox({ id, label, placeholder, value, onCommit, normalise = asTyped }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searchFor = (typed: string) => normalise(typed.trim()) || undefined;
  // The address bar is the truth: back/forward, "clear filters" or the search as sent show in the box.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if ((searchFor(debounced) ?? '') !== value) onCommit(searchFor(debounced));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- commit only when the typed text settles
  }, [debounced]);
  return (
    <div className="filter filter--search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Shown as searched even when it is the search already in the address.
          const searched = searchFor(text);
          setText(searched ?? '');
          onCommit(searched);
        }}
      />
    </div>
  );
}

interface SortSelectProps<K extends string> {
  id: string;
  keys: readonly K[];
  labels: Record<K, Record<SortDirection, string>>;
  /** Keys read best A to Z first (names, URLs); the others newest or best first. */
  ascendingFirst: readonly K[];
  sortBy: K;
  sort: SortDirection;
  onChange: (sortBy: K | undefined, sort: SortDirection | undefined) => void;
}

/** Sorting as one select: works on a phone, where the column headers are hidden. */
export function SortSelect<K extends string>({
  id,
  keys,
  labels,
  ascendingFirst,
  sortBy,
  sort,
  onChange,
}: SortSelectProps<K>) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <div className="filter">
      <label htmlFor={id}>{t`Sort`}</label>
      <select
        id={id}
        value={`${sortBy}:${sort}`}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':');
          onChange(
            keys.find((k) => k === key),
            SORT_DIRECTIONS.find((d) => d === direction),
          );
        }}
      >
        {keys.flatMap((key) =>
          (ascendingFirst.includes(key) ? (['asc', 'desc'] as const) : SORT_DIRECTIONS).map((direction) => (
            <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {labels[key][direction]}
            </option>
          )),
        )}
      </select>
    </div>
  );
}

export function PerPageSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PerPage;
  onChange: (perPage: PerPage) => void;
}) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <div className="filter">
      <label htmlFor={id}>{t`Per page`}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const perPage = PER_PAGE_OPTIONS.find((n) => String(n) === event.target.value);
          if (perPage !== undefined) onChange(perPage);
        }}
      >
        {PER_PAGE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
