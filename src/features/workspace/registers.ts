import * as v from 'valibot';
import * as Y from 'yjs';

/**
 * The merge rule of the shared workspace (decision 104). Every piece the analyst sets on its own
 * (a project's target, one segment, one note, the branding…) is a register: the edits made to
 * it, each with when it was made and the value it set (null: removed). The value is the edit made
 * last by the clock; an edit it replaced stays in the register's history, shown where the piece is
 * edited, instead of being dropped as a plain shared map would drop it.
 *
 * All the edits of all the pieces are one flat Yjs array, each edit naming its piece. A key is
 * never set in a shared map, so nothing can be replaced by a concurrent write: two devices that
 * set the same piece for the first time at once both append, and both edits are kept (a map of
 * registers would keep one of the two new registers and lose the other's edit).
 */

export interface Edit {
  /** The piece it changes (a JSON list, see ./pieces.ts and ./views.ts). */
  key: string;
  /** When it was made (ms since 1970, the editing device's clock). */
  at: number;
  /**
   * When the piece was first set, carried by every edit: the oldest edits are trimmed, and the
   * piece keeps its place in lists (projects, notes, segments, views) all the same.
   */
  since?: number;
  /** The Yjs client that made it: tells this device's edits from another's. */
  by: number;
  /** The value it set; null: the piece was removed. */
  value: unknown;
}

/** How many edits a register keeps: its value and a few it replaced. */
export const HISTORY_LENGTH = 6;

/**
 * A report's results before its re-analysis (./results-before.ts) are a whole report: their
 * register keeps its value alone, or a team's document would hold six copies of every page.
 */
const historyLengthOf = (key: string) => (isResultBefore(key) ? 1 : HISTORY_LENGTH);

/** Whether a piece is a report's results before its re-analysis (`["before", report id]`). */
export const isResultBefore = (key: string) => key.startsWith('["before",');

/**
 * How long a removed piece's removal is kept (ms): a device offline for longer that changes the
 * piece brings it back. Without an end, every mark seen and every note deleted would stay in the
 * document, and be read on every change, forever.
 */
export const REMOVAL_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/** What another device (or a hostile server) wrote is read through this before it counts. */
const stamp = v.pipe(v.number(), v.safeInteger());
const EditSchema = v.object({
  key: v.string(),
  // Whole milliseconds within the safe range: a stamp one more than the latest is always later.
  at: stamp,
  since: v.optional(stamp),
  by: v.pipe(v.number(), v.integer()),
  value: v.unknown(),
});

/** The document's edits, every piece's, in the order the document keeps them. */
export type Registers = Y.Array<unknown>;

export const registersOf = (doc: Y.Doc): Registers => doc.getArray('edits');

interface Placed {
  edit: Edit;
  /** Where the edit is in the document's array. */
  index: number;
}

function readPlaced(registers: Registers): Map<string, Placed[]> {
  const byKey = new Map<string, Placed[]>();
  registers.forEach((item, index) => {
    const read = v.safeParse(EditSchema, item);
    if (!read.success) return;
    const edit = read.output as Edit;
    const edits = byKey.get(edit.key);
    if (edits) edits.push({ edit, index });
    else byKey.set(edit.key, [{ edit, index }]);
  });
  // Oldest first by the clock; ties in the order the document keeps (the same on every device).
  for (const edits of byKey.values()) edits.sort((a, b) => a.edit.at - b.edit.at || a.index - b.index);
  return byKey;
}

/** Each document's edits as last read, until the document changes (the edits' array tells). */
/** Every piece's readable edits, oldest first, by the piece's key: what `readRegisters` gives. */
export type StoredEdits = ReadonlyMap<string, readonly Edit[]>;

const lastRead = new WeakMap<Registers, StoredEdits>();

/**
 * Every piece's readable edits, oldest first by the clock, by the piece's key. Read once per
 * change of the document, whichever reader asks (the workspace, the saved views, a piece's
 * history, a change about to write): each read checks every edit of a year's work against the
 * schema. Read afresh inside a transaction once it has written edits, and not kept then.
 */
export function readRegisters(registers: Registers): StoredEdits {
  const doc = registers.doc;
  const writing = doc?._transaction?.changed.has(registers) === true;
  const kept = writing ? undefined : lastRead.get(registers);
  if (kept) return kept;
  const byKey = new Map<string, Edit[]>();
  for (const [key, edits] of readPlaced(registers))
    byKey.set(
      key,
      edits.map(({ edit }) => edit),
    );
  if (doc && !writing) {
    lastRead.set(registers, byKey);
    // Observers run once a transaction that changed the edits ends, before the document's
    // `update` tells the store's listeners: what they read next is read again.
    registers.observe(function forget() {
      lastRead.delete(registers);
      registers.unobserve(forget);
    });
  }
  return byKey;
}

/** A register's value: its latest edit's (undefined when it has none or the latest removed it). */
export function valueOf(edits: readonly Edit[] | undefined): unknown {
  return edits?.at(-1)?.value ?? undefined;
}

/** When the piece was first set: pieces are listed in that order (projects, segments). */
export function firstSetAt(edits: readonly Edit[] | undefined): number {
  if (!edits || edits.length === 0) return 0;
  return Math.min(...edits.map((edit) => edit.since ?? edit.at));
}

/**
 * Appends an edit per write (a piece's key and its new value) and drops each register's oldest
 * edits past the history's length; a removal keeps no history (nothing to show where the piece
 * was), and a removal older than REMOVAL_KEPT_MS goes with its register. Call inside a
 * transaction. The clock never goes back within a register: an edit is stamped after the one it
 * replaces, so a device whose clock is behind still wins over what it saw. Edits this version
 * cannot read are left as they are (a newer version may).
 */
export function appendEdits(registers: Registers, writes: Iterable<readonly [string, unknown]>, now: number): void {
  const placed = readPlaced(registers);
  const by = registers.doc?.clientID ?? 0;
  const added: Edit[] = [];
  for (const [key, value] of writes) {
    const edits = placed.get(key) ?? [];
    const latest = edits.at(-1)?.edit;
    const at = latest && latest.at >= now ? latest.at + 1 : now;
    const edit: Edit = { key, at, since: edits.length > 0 ? firstSetAt(edits.map((one) => one.edit)) : at, by, value };
    edits.push({ edit, index: registers.length + added.length });
    placed.set(key, edits);
    added.push(edit);
  }
  if (added.length === 0) return;
  registers.push(added);
  const touched = new Set(added.map((edit) => edit.key));
  const past = [...placed].flatMap(([key, edits]) => {
    const latest = edits.at(-1)!.edit;
    const removed = latest.value === null || latest.value === undefined;
    if (removed && latest.at < now - REMOVAL_KEPT_MS) return edits.map(({ index }) => index);
    if (!touched.has(key)) return [];
    const keep = removed ? 1 : historyLengthOf(key);
    return edits.slice(0, Math.max(0, edits.length - keep)).map(({ index }) => index);
  });
  // From the end backwards, so that each index still points at its edit.
  for (const index of past.sort((a, b) => b - a)) registers.delete(index, 1);
}
