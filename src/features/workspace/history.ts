import { useMemo } from 'react';
import { useWorkspace } from './actions';
import { parseBranding, type BrandingProfile } from './branding';
import { parseWatch, type ProjectWatch } from './model';
import { keyOf, sameValue, type PieceKey } from './pieces';
import { readRegisters, registersOf, type Registers } from './registers';
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

/**
 * A piece's earlier values, newest first, read with its schema (one that cannot be read is left
 * out), following every tab and the team.
 */
function usePieceHistory<T>(piece: PieceKey, parse: (value: unknown) => T | null): ReplacedValue<T>[] {
  // A new workspace per change of the document: the history is read again with it.
  const { workspace } = useWorkspace();
  const key = keyOf(piece);
  return useMemo(() => {
    const open = workspaceStore().current();
    if (!open) return [];
    const edits = readRegisters(registersOf(open.doc.doc)).get(key) ?? [];
    return replacedValuesIn(edits).flatMap((replaced) => {
      let value: T | null = null;
      try {
        value = parse(replaced.value);
      } catch {
        // Written by another version in a shape this one cannot read: not shown.
      }
      return value === null ? [] : [{ ...replaced, value }];
    });
    // `parse` is a module's function: the piece and the document decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workspace, key]);
}

/** A project's earlier watch settings (target, what to flag). */
export const useWatchHistory = (project: string): ReplacedValue<ProjectWatch>[] =>
  usePieceHistory(['watch', project], parseWatch);

/** A segment's earlier versions (its name, as renamed). */
export const useSegmentHistory = (project: string, id: string): ReplacedValue<Segment>[] =>
  usePieceHistory(['segment', project, id], parseSegment);

/** The branding's earlier profiles. */
export const useBrandingHistory = (): ReplacedValue<BrandingProfile>[] => usePieceHistory(['branding'], parseBranding);
