import { useMemo } from 'react';
import { useWorkspace } from './actions';
import { parseBranding, type BrandingProfile } from './branding';
import { parseCheckOff, parsePageAccepted, type CheckOff, type PageAccepted } from './check-settings';
import { parseWatch, type ProjectWatch } from './model';
import { keyOf, sameValue, type PieceKey } from './pieces';
import { readRegisters, registersOf, type Registers, type StoredEdits } from './registers';
import { parseSegment, type Segment } from './segments';
import { workspaceStore } from './store';

/**
 * What a piece held before its current value (./registers.ts keeps a few edits per piece): when
 * two analysts change the same field, the later edit wins and the other is shown here, where the
 * field is edited, instead of vanishing.
 */

export interface ReplacedValue<T> {
  value: T;
  /** When it was set, and when the edit after it replaced it (ms since 1970). */
  setAt: number;
  replacedAt: number;
}

/** The piece's values before its current one, newest first; a removal is not a value, nor one equal to the current. */
export function replacedValuesOf(registers: Registers, piece: PieceKey): ReplacedValue<unknown>[] {
  return replacedValuesIn(readRegisters(registers).get(keyOf(piece)) ?? []);
}

function replacedValuesIn(edits: readonly { value: unknown; at: number }[]): ReplacedValue<unknown>[] {
  const current = edits.at(-1)?.value;
  return edits
    .slice(0, -1)
    .map((edit, index) => ({ value: edit.value, setAt: edit.at, replacedAt: edits[index + 1]!.at }))
    .filter(({ value }) => value !== null && value !== undefined && !sameValue(value, current))
    .reverse();
}

/** A piece's earlier values in `stored`, newest first, read with its schema (one that cannot be read is left out). */
function readHistory<T>(stored: StoredEdits, piece: PieceKey, parse: (value: unknown) => T | null): ReplacedValue<T>[] {
  return replacedValuesIn(stored.get(keyOf(piece)) ?? []).flatMap((replaced) => {
    let value: T | null = null;
    try {
      value = parse(replaced.value);
    } catch {
      // Written by another version in a shape this one cannot read: not shown.
    }
    return value === null ? [] : [{ ...replaced, value }];
  });
}

const NOTHING_STORED: StoredEdits = new Map();

/**
 * The edits of every piece of the open workspace, following every tab and the team: a new reading
 * per change of the document (readRegisters keeps one until the edits change).
 */
export function useStoredEdits(): StoredEdits {
  const { workspace } = useWorkspace();
  return useMemo(() => {
    const open = workspaceStore().current();
    return open ? readRegisters(registersOf(open.doc.doc)) : NOTHING_STORED;
    // The workspace changes with the document: it is what says to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workspace]);
}

/** A piece's earlier values, newest first, read with its schema. */
function usePieceHistory<T>(piece: PieceKey, parse: (value: unknown) => T | null): ReplacedValue<T>[] {
  const stored = useStoredEdits();
  const key = keyOf(piece);
  // `parse` is a module's function and `piece` is rebuilt each render: its key and the edits decide.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readHistory(stored, piece, parse), [stored, key]);
}

/** A project's earlier watch settings (target, what to flag). */
export const useWatchHistory = (project: string): ReplacedValue<ProjectWatch>[] =>
  usePieceHistory(['watch', project], parseWatch);

/** A segment's earlier versions (its name, as renamed). */
export const useSegmentHistory = (project: string, id: string): ReplacedValue<Segment>[] =>
  usePieceHistory(['segment', project, id], parseSegment);

/** The branding's earlier profiles. */
export const useBrandingHistory = (): ReplacedValue<BrandingProfile>[] => usePieceHistory(['branding'], parseBranding);

/** The earlier values of a project's check settings, for a list that shows many of them at once. */
export interface CheckSettingsHistory {
  /** What switching `check` off held before (its earlier reasons). */
  switchedOff(check: string): ReplacedValue<CheckOff>[];
  /** What accepting `check` on `page` held before (its earlier notes). */
  accepted(check: string, page: string): ReplacedValue<PageAccepted>[];
}

/**
 * A project's check settings' earlier values: when two analysts set the same check aside with
 * different words, the later's stand and the other's are listed where the setting shows. One
 * subscription for the whole list; each setting's history is read when asked for.
 */
export function useCheckSettingsHistory(project: string): CheckSettingsHistory {
  const stored = useStoredEdits();
  return useMemo(
    () => ({
      switchedOff: (check) =>
        readHistory(stored, ['check-off', project, check], parseCheckOff)
          .filter(({ value }) => value.check === check)
          .map(datedByItself),
      accepted: (check, page) =>
        readHistory(stored, ['check-accepted', project, check, page], parsePageAccepted)
          .filter(({ value }) => value.check === check && value.page === page)
          .map(datedByItself),
    }),
    [stored, project],
  );
}

/**
 * A setting carries when the analyst made it: a setting moved from the old per-project form was
 * first written as a piece at the move, later than it was made. Its edit's time when it has none.
 */
function datedByItself<T extends { at: string }>(replaced: ReplacedValue<T>): ReplacedValue<T> {
  const madeAt = Date.parse(replaced.value.at);
  return madeAt > 0 ? { ...replaced, setAt: madeAt } : replaced;
}
