import { useSyncExternalStore } from 'react';
import type { ReportListParams } from '../../api';

/**
 * Which reports are selected in the list on screen: ids, kept while the person pages and sorts
 * within one view (its search, project and rating), emptied when the view changes. Not in the
 * first paint: the rows' checkboxes are plain markup, and the selection bar
 * (./components/bulk-bar.tsx, loaded after the first rows) keeps them in step with this store.
 *
 * For keyboard shortcuts: `toggleReportSelection(id)` toggles one row (e.g. the focused row on
 * `x`), `isReportSelected(id)` reads it, `subscribeSelection` follows changes. Import this
 * module lazily (`await import(...)`) from the list's path, as the bar does.
 */
let scope = '';
let ids: ReadonlySet<string> = new Set();
/** The last row clicked without Shift: where a Shift-click range starts. */
let anchor: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribeSelection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSelectedIds = (): ReadonlySet<string> => ids;
export const getSelectionAnchor = (): string | null => anchor;

/** The part of a view that a selection belongs to: its filters, not its page or sort. */
export function selectionScopeOf(
  search: ReportListParams['search'],
  project: ReportListParams['project'],
  result: ReportListParams['result'],
): string {
  return JSON.stringify([search ?? '', project ?? '', result ?? '']);
}

/** Called by the list with its view: another view starts with nothing selected. */
export function enterSelectionScope(next: string): void {
  if (next === scope) return;
  scope = next;
  if (ids.size > 0 || anchor !== null) {
    ids = new Set();
    anchor = null;
    emit();
  }
}

export function setReportsSelected(changed: readonly string[], selected: boolean, nextAnchor?: string | null): void {
  const next = new Set(ids);
  for (const id of changed) {
    if (selected) next.add(id);
    else next.delete(id);
  }
  ids = next;
  if (nextAnchor !== undefined) anchor = nextAnchor;
  emit();
}

export function toggleReportSelection(id: string): void {
  setReportsSelected([id], !ids.has(id), id);
}

export function isReportSelected(id: string): boolean {
  return ids.has(id);
}

export function clearSelection(): void {
  setReportsSelected([...ids], false, null);
}

export function useSelectedIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribeSelection, getSelectedIds, getSelectedIds);
}

/**
 * A row checkbox's click: alone it toggles the row; with Shift, every row from the last one
 * clicked to this one takes this row's new state (rows in the order on screen).
 */
export function clickRow(id: string, selected: boolean, shiftKey: boolean, rowOrder: readonly string[]): void {
  const from = anchor === null ? -1 : rowOrder.indexOf(anchor);
  const to = rowOrder.indexOf(id);
  if (!shiftKey || from < 0 || to < 0) {
    setReportsSelected([id], selected, id);
    return;
  }
  const [start, end] = from < to ? [from, to] : [to, from];
  setReportsSelected(rowOrder.slice(start, end + 1), selected, id);
}
