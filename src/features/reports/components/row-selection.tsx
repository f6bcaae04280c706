import { useSyncExternalStore } from 'react';
import { clickRow, getSelectedIds, setReportsSelected, subscribeSelection, useIsSelected } from '../selection';

/** A row's checkbox; its name says which report (the URL as shown). */
export function RowCheckbox({ id, name, order }: { id: string; name: string; order: readonly string[] }) {
  const selected = useIsSelected(id);
  return (
    <input
      type="checkbox"
      className="row-select"
      aria-label={`Select ${name}`}
      checked={selected}
      onChange={() => undefined}
      onClick={(event) => clickRow(id, event.currentTarget.checked, event.shiftKey, order)}
    />
  );
}

/** Selects or clears every row of the page on screen (mixed when some are selected). */
export function PageCheckbox({ ids }: { ids: readonly string[] }) {
  const selectedOnPage = useSyncExternalStore(
    subscribeSelection,
    () => ids.filter((id) => getSelectedIds().has(id)).length,
    () => 0,
  );
  const all = ids.length > 0 && selectedOnPage === ids.length;
  return (
    <input
      type="checkbox"
      className="row-select"
      aria-label="Select all reports on this page"
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = selectedOnPage > 0 && !all;
      }}
      onChange={() => setReportsSelected(ids, !all)}
    />
  );
}
