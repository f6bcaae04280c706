/**
 * The `x` shortcut selects the row that has focus. Selecting rows belongs to the bulk actions
 * (issue 15), which register how a row is toggled here when they are on screen; until then
 * (or on a list without selection) `x` does nothing. Kept tiny and free of imports so that
 * both sides can use it without pulling in the other's code.
 */
type ToggleRow = (row: HTMLTableRowElement) => void;

let toggleRow: ToggleRow | null = null;

/** Registers how a row is selected; returns the unregister function (for an effect's cleanup). */
export function setRowSelectionToggle(toggle: ToggleRow): () => void {
  toggleRow = toggle;
  return () => {
    if (toggleRow === toggle) toggleRow = null;
  };
}

/** Toggles the row's selection; false when no list offers selection. */
export function toggleRowSelection(row: HTMLTableRowElement): boolean {
  if (!toggleRow) return false;
  toggleRow(row);
  return true;
}
