import { useEffect, useId, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useModalDialog } from '../../components/use-modal-dialog';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { shortcutsCatalog } from './catalog';
import { useFocusKeeper } from './focus-keeper';
import './shortcuts.css';

/**
 * Every shortcut, once: the help dialog lists this table. The keys are the keyboard's, named as
 * they are in every language; what each does is said in the language on screen.
 */
export const SHORTCUTS: readonly { keys: readonly [string] | readonly [string, string]; does: MessageDescriptor }[] = [
  { keys: ['/'], does: msg`Focus the search` },
  { keys: ['j'], does: msg({ message: 'Next row', comment: 'A row of the list (table) on screen' }) },
  { keys: ['k'], does: msg({ message: 'Previous row', comment: 'A row of the list (table) on screen' }) },
  { keys: ['Enter'], does: msg`Open the row` },
  { keys: ['x'], does: msg`Select the row (where rows can be selected)` },
  { keys: ['['], does: msg({ message: 'Previous page', comment: 'Of a list that is paged' }) },
  { keys: [']'], does: msg({ message: 'Next page', comment: 'Of a list that is paged' }) },
  { keys: ['g', 'r'], does: msg`Go to reports` },
  { keys: ['g', 'p'], does: msg`Go to projects` },
  { keys: ['?'], does: msg`Show these shortcuts` },
];

/** How long after `g` the second key of `g r` / `g p` is waited for. */
const SEQUENCE_MS = 1500;

/** Typing in a field (or a menu's own keys) is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.closest('[role="combobox"], [role="listbox"], [role="menu"]') !== null;
}

/** The rows of the list on screen, and the one that holds focus. */
function listRows(): { rows: HTMLTableRowElement[]; current: number } {
  const rows = [...document.querySelectorAll<HTMLTableRowElement>('main table.data-table tbody tr')];
  const active = document.activeElement;
  return { rows, current: rows.findIndex((row) => active instanceof Node && row.contains(active)) };
}

/** The row's one tab stop: its main link. */
const rowLink = (row: HTMLTableRowElement | undefined) =>
  row?.querySelector<HTMLElement>('.data-table__primary a') ?? row?.querySelector<HTMLElement>('a') ?? null;

function moveRow(by: 1 | -1) {
  const { rows, current } = listRows();
  if (rows.length === 0) return;
  const next = current < 0 ? (by === 1 ? 0 : rows.length - 1) : Math.min(Math.max(current + by, 0), rows.length - 1);
  // Focus scrolls the row into view.
  rowLink(rows[next])?.focus();
}

function followPageLink(rel: 'prev' | 'next') {
  document.querySelector<HTMLAnchorElement>(`main nav.pagination a[rel="${rel}"]`)?.click();
}

/**
 * The keyboard shortcuts of the lists and the app, and the dialog that lists them (`?`). Loaded
 * after the first paint (docs/decisions/0036). Never while typing in a field, never with Ctrl,
 * Alt or Meta (those are the browser's and the screen reader's), never while a dialog is open.
 */
export function KeyboardShortcuts() {
  useCatalog(shortcutsCatalog);
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingG = useRef<number | null>(null);
  useFocusKeeper();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const afterG = pendingG.current !== null && Date.now() - pendingG.current < SEQUENCE_MS;
      pendingG.current = null;
      const act = (run: () => void) => {
        event.preventDefault();
        run();
      };
      if (afterG && event.key === 'r') return act(() => void navigate(paths.reports.getHref()));
      if (afterG && event.key === 'p') return act(() => void navigate(paths.projects.getHref()));
      switch (event.key) {
        case '/':
          return act(() => document.querySelector<HTMLElement>('main input[type="search"]')?.focus());
        case 'j':
          return act(() => moveRow(1));
        case 'k':
          return act(() => moveRow(-1));
        case 'x': {
          const { rows, current } = listRows();
          const row = rows[current];
          // The row's checkbox is the selection's one control: clicking it keeps the bulk bar,
          // Shift-ranges and the page's box in step (and it counts even before their code is here).
          const box = row?.querySelector<HTMLInputElement>('input.row-select');
          if (box) act(() => box.click());
          return;
        }
        case '[':
          return act(() => followPageLink('prev'));
        case ']':
          return act(() => followPageLink('next'));
        case 'g':
          pendingG.current = Date.now();
          return;
        case '?':
          return act(() => setHelpOpen(true));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />;
}

function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog shortcuts-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{t`Keyboard shortcuts`}</h2>
          <p>{t`Not while typing in a field.`}</p>
          <table className="shortcuts-table">
            <caption className="visually-hidden">{t`Keyboard shortcuts`}</caption>
            <thead>
              <tr>
                <th scope="col">{t({ message: 'Keys', comment: 'Column of the keys to press' })}</th>
                <th scope="col">{t({ message: 'Does', comment: 'Column of what pressing the keys does' })}</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map(({ keys, does }) => (
                <tr key={keys.join(' ')}>
                  <td>
                    <Keys keys={keys} />
                  </td>
                  <td>{t(does)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form__actions dialog__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t`Close`}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}

/** A key, or a sequence of two ("g then r"): the keys as the keyboard names them. */
function Keys({ keys }: { keys: readonly [string] | readonly [string, string] }) {
  const [first, second] = keys;
  if (second === undefined) return <kbd>{first}</kbd>;
  return (
    <Trans comment="Two keys pressed one after the other">
      <kbd>{first}</kbd> then <kbd>{second}</kbd>
    </Trans>
  );
}
