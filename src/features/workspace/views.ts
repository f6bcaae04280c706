import { idOf as carriedIdOf, sameValue } from './pieces';
import { appendEdits, firstSetAt, readRegisters, valueOf, type Registers } from './registers';

/**
 * The saved list views, as the workspace keeps them for features/saved-views: each view's entry
 * as the saved views store wrote it (`["view", id]`) and its place in the list
 * (`["view-place", id]`), each a piece, so that two analysts who save a view each both keep theirs, and a rename on one
 * side and a move on the other both hold. The entries are kept as written, even one that no
 * longer reads (the saved views store lists it as broken, to be seen and deleted).
 */

/** A view's entry and its place are pieces apart: a rename and a move made at once both hold. */
const ENTRY = 'view';
const PLACE = 'view-place';
const MAX_VIEWS = 500;

const idOf = (entry: unknown, index: number): string => {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : `#${index}`;
};
const keyOf = (kind: typeof ENTRY | typeof PLACE, id: string) => JSON.stringify([kind, id]);

/** The pieces of the saved views: their entries and their places, by view id. */
function viewPieces(registers: Registers) {
  const entries = new Map<string, { entry: unknown; since: number }>();
  const places = new Map<string, unknown>();
  readRegisters(registers).forEach((edits, key) => {
    let kind: unknown;
    let id: unknown;
    try {
      [kind, id] = JSON.parse(key) as unknown[];
    } catch {
      return;
    }
    if (typeof id !== 'string') return;
    const value = valueOf(edits);
    if (value === undefined || value === null) return;
    // An entry that carries an id must be the view its key names (a peer cannot hide another).
    const carried = carriedIdOf(value);
    if (kind === ENTRY && (typeof carried !== 'string' || carried === '' || carried === id))
      entries.set(id, { entry: value, since: firstSetAt(edits) });
    if (kind === PLACE) places.set(id, value);
  });
  return { entries, places };
}

/** The views' entries, in their places (two put at one place at once: the first made first). */
export function viewEntriesOf(registers: Registers): unknown[] {
  const { entries, places } = viewPieces(registers);
  const placeOf = (id: string) => {
    const place = places.get(id);
    return typeof place === 'number' && Number.isFinite(place) ? place : Number.MAX_SAFE_INTEGER;
  };
  return [...entries]
    .sort(([a, first], [b, second]) => placeOf(a) - placeOf(b) || first.since - second.since)
    .slice(0, MAX_VIEWS)
    .map(([, { entry }]) => entry);
}

/** Writes the entries as the new list: only the views added, changed, moved or removed. */
export function writeViewEntries(registers: Registers, entries: readonly unknown[], now: number): void {
  const { entries: before, places } = viewPieces(registers);
  // A null entry is no view: nothing of it is kept (its place alone would stay behind, unread).
  const after = new Map(
    entries.flatMap((entry, place) =>
      entry === null || entry === undefined ? [] : [[idOf(entry, place), { entry, place }]],
    ),
  );
  const writes: [string, unknown][] = [];
  for (const [id, { entry, place }] of after) {
    if (!sameValue(before.get(id)?.entry, entry)) writes.push([keyOf(ENTRY, id), entry]);
    if (places.get(id) !== place) writes.push([keyOf(PLACE, id), place]);
  }
  for (const id of before.keys()) {
    if (after.has(id)) continue;
    writes.push([keyOf(ENTRY, id), null], [keyOf(PLACE, id), null]);
  }
  appendEdits(registers, writes, now);
}
