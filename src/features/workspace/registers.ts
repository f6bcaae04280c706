import * as v from 'valibot';
import * as Y from 'yjs';

/**
 * The merge rule of the shared workspace (decision 104). Every piece the analyst sets on its own
 * (a project's target, one segment, one note, the branding…) is a register: a short list of
 * edits, each with when it was made and the value it set (null: removed). Two analysts who edit
 * different pieces both keep theirs, because they append to different registers. Two who edit
 * the same piece both append to one list (a Yjs array keeps both concurrent inserts): the value
 * is the edit made last by the clock, and the other stays in the register's history, shown where
 * the piece is edited, instead of being dropped as a plain shared map would drop it.
 */

export interface Edit {
  /** When it was made (ms since 1970, the editing device's clock). */
  at: number;
  /** The Yjs client that made it: tells this device's edits from another's. */
  by: number;
  /** The value it set; null: the piece was removed. */
  value: unknown;
}

/** How many edits a register keeps: its value and a few it replaced. */
export const HISTORY_LENGTH = 6;

/** What another device (or a hostile server) wrote is read through this before it counts. */
const EditSchema = v.object({
  at: v.pipe(v.number(), v.finite()),
  by: v.pipe(v.number(), v.integer()),
  value: v.unknown(),
});

export type Registers = Y.Map<Y.Array<unknown>>;

/** The registers of a document: one map, a key per piece. */
export const registersOf = (doc: Y.Doc): Registers => doc.getMap('registers') as Registers;

/** A register's readable edits, oldest first by the clock (ties: the order the document keeps). */
export function editsOf(register: unknown): Edit[] {
  if (!(register instanceof Y.Array)) return [];
  const edits = register.toArray().flatMap((item, index) => {
    const read = v.safeParse(EditSchema, item);
    return read.success ? [{ edit: read.output as Edit, index }] : [];
  });
  edits.sort((a, b) => a.edit.at - b.edit.at || a.index - b.index);
  return edits.map(({ edit }) => edit);
}

/** The register's value: its latest edit's (undefined when it has none or the latest removed it). */
export function valueOf(register: unknown): unknown {
  const latest = editsOf(register).at(-1);
  return latest?.value ?? undefined;
}

/** When the piece was first set: pieces are listed in that order (projects, segments). */
export function firstSetAt(register: unknown): number {
  return editsOf(register)[0]?.at ?? 0;
}

/**
 * Appends an edit to the piece's register (made when missing) and drops the oldest past the
 * history's length. Call inside a transaction. The clock never goes back within a register: an
 * edit is stamped after the one it replaces, so a device whose clock is behind still wins over
 * what it saw.
 */
export function appendEdit(registers: Registers, key: string, value: unknown, now: number): void {
  let register = registers.get(key);
  if (!(register instanceof Y.Array)) {
    register = new Y.Array<unknown>();
    registers.set(key, register);
  }
  const latest = editsOf(register).at(-1);
  const at = latest && latest.at >= now ? latest.at + 1 : now;
  register.push([{ at, by: registers.doc?.clientID ?? 0, value } satisfies Edit]);
  if (register.length > HISTORY_LENGTH) register.delete(0, register.length - HISTORY_LENGTH);
}
