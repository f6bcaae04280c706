import { useMemo } from 'react';
import { useWorkspace } from './actions';
import { parseWatch, type ProjectWatch } from './model';
import { keyOf, sameValue, type PieceKey } from './pieces';
import { readRegisters, registersOf, type Registers } from './registers';
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
  const edits = readRegisters(registers).get(keyOf(piece)) ?? [];
  const current = edits.at(-1)?.value;
  return edits
    .slice(0, -1)
    .map((edit, index) => ({ value: edit.value, setAt: edit.at, replacedAt: edits[index + 1]!.at }))
    .filter(({ value }) => value !== null && value !== undefined && !sameValue(value, current))
    .reverse();
}

/** The project's earlier watch settings (target, what to flag), newest first, following every tab and the team. */
export function useWatchHistory(project: string): ReplacedValue<ProjectWatch>[] {
  // A new workspace per change of the document: the history is read again with it.
  const { workspace } = useWorkspace();
  return useMemo(() => {
    void workspace;
    const open = workspaceStore().current();
    if (!open) return [];
    return replacedValuesOf(registersOf(open.doc.doc), ['watch', project]).map((replaced) => ({
      ...replaced,
      value: parseWatch(replaced.value),
    }));
  }, [workspace, project]);
}
