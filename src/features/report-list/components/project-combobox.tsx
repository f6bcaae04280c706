import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list-controls';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { projectQueries } from '../../projects';
import { reportListCatalog } from '../catalog';
import './project-combobox.css';

export interface ProjectFilterProps {
  /** The project in the address bar ('' for all projects). */
  value: string;
  onCommit: (project: string | undefined) => void;
  /** Someone focused the box before this code had arrived: focus is theirs again. */
  focusOnMount?: boolean;
  /** For the box shown until this code arrives: it was focused (report-filters.tsx). */
  onFocusEarly?: () => void;
}

const SUGGESTIONS = 10;
const byName = (search: string) =>
  projectQueries.list({ search: search || undefined, perPage: SUGGESTIONS, sortBy: 'project', sort: 'asc' });

/**
 * The project filter as an ARIA 1.2 combobox (list autocomplete): the service matches the
 * project exactly, so the box suggests the projects whose name contains what is typed (from the
 * projects search), and says so when the chosen name is no project's. Typing never changes the
 * list; picking a suggestion, Enter or leaving the box does.
 */
export function ProjectCombobox({ value, onCommit, focusOnMount = false }: ProjectFilterProps) {
  useCatalog(reportListCatalog);
  const { t } = useLingui();
  const listId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    // Unless focus has moved on meanwhile (it fell to <body> with the placeholder).
    if (focusOnMount && document.activeElement === document.body) input.current?.focus();
  }, [focusOnMount]);

  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Suggestions cost a request: only while the list is open.
  const suggestions = useQuery({ ...byName(search), enabled: open });
  const names = open ? (suggestions.data?.items.map((p) => p.name) ?? []) : [];
  // Whether the chosen project exists: the same search, for the name in the address.
  const chosen = useQuery({ ...byName(value), enabled: value !== '' });
  // Not from the previous name's answer (the lists keep it while the next one loads).
  const unknown =
    value !== '' &&
    chosen.data !== undefined &&
    !chosen.isPlaceholderData &&
    !chosen.data.items.some((p) => p.name === value);
  const similar = unknown ? (chosen.data?.items.map((p) => p.name) ?? []).slice(0, 3) : [];

  const commit = (next: string) => {
    const trimmed = next.trim();
    setOpen(false);
    setActive(-1);
    setText(trimmed);
    if (trimmed !== value) onCommit(trimmed || undefined);
  };
  const move = (by: number) => {
    setOpen(true);
    if (names.length > 0) setActive((current) => (current + by + names.length) % names.length);
  };
  // The names as buttons, between the sentence's words (the separator is punctuation, not a word).
  const suggested = (
    <>
      {similar.map((name, index) => (
        <span key={name}>
          {index > 0 ? ', ' : null}
          <button type="button" className="link-button" onClick={() => commit(name)}>
            <bdi>{name}</bdi>
          </button>
        </span>
      ))}
    </>
  );
  const optionId = (index: number) => `${listId}-${index}`;
  const expanded = open && names.length > 0;

  return (
    <div className="filter combobox">
      <label htmlFor="report-project">{t`Project`}</label>
      <input
        ref={input}
        id="report-project"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={unknown ? hintId : undefined}
        value={text}
        placeholder={t`All projects`}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (event.target.value === '') commit('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            move(event.altKey ? 0 : 1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            move(-1);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            commit(expanded && active >= 0 ? (names[active] ?? text) : text);
          } else if (event.key === 'Escape') {
            if (expanded) {
              event.preventDefault();
              setOpen(false);
              setActive(-1);
            } else if (text !== '') {
              event.preventDefault();
              commit('');
            }
          }
        }}
      />
      {/* Not a tab stop: Chromium makes a scrolling box focusable, and Tab from the input would land
          in the list, which then closes under it (focus lost). The input drives it (activedescendant). */}
      <ul
        id={listId}
        role="listbox"
        aria-label={t`Projects`}
        className="combobox__list"
        hidden={!expanded}
        tabIndex={-1}
      >
        {names.map((name, index) => (
          // The input keeps focus (aria-activedescendant); a click picks without blurring it first.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={name}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => commit(name)}
          >
            <bdi>{name}</bdi>
          </li>
        ))}
      </ul>
      {unknown ? (
        <p id={hintId} className="filter__hint" role="status">
          <Trans>
            No project is named “<bdi>{value}</bdi>”.
          </Trans>
          {similar.length > 0 ? (
            <>
              {' '}
              <Trans comment="One to three project names follow, each a button that picks it">
                Did you mean {suggested}?
              </Trans>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
