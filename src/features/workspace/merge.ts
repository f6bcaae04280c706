import { mergeByKey, sameValue } from '../../lib/merge-by-key';
import { emptyWorkspace, type ProjectEntry, type TimelineNote, type Workspace } from './model';
import { workspaceStore } from './store';

/**
 * How a workspace read from elsewhere (an imported file) joins this connection's (decision 83):
 * projects' entries by project name and notes by id, each entry taken as a whole (so fields added
 * to an entry later count without a change here); every other field of the workspace as a whole.
 * The file's entry or field replaces this device's, the others are added, nothing is deleted; a
 * field the file leaves empty keeps this device's. The same rules make the preview and the change.
 * Its own module, apart from ./actions.ts: only the settings page's import part loads it.
 */

/** What an import does to one field of the workspace. */
export type FieldChange =
  | {
      field: string;
      kind: 'entries';
      /** The words that name each entry added or replaced (a project's name, a note's date and text). */
      added: string[];
      replaced: string[];
      /** Entries on this device that stay as they are. */
      kept: number;
    }
  | { field: string; kind: 'whole'; outcome: 'added' | 'replaced' | 'kept' };

interface EntryRules<T> {
  keyOf: (entry: T) => string;
  nameOf: (entry: T) => string;
}

/** The fields kept entry by entry; any other field (present or added later) is taken whole. */
const BY_ENTRY: { projects: EntryRules<ProjectEntry>; notes: EntryRules<TimelineNote> } = {
  projects: { keyOf: (entry) => entry.project, nameOf: (entry) => entry.project },
  notes: { keyOf: (note) => note.id, nameOf: (note) => `${note.date}: ${note.text}` },
};

/** Not the analyst's: the shape's version and the connection stay this device's. */
const NOT_MERGED = new Set(['version', 'connection']);

export function mergeWorkspace(current: Workspace, incoming: Workspace): { merged: Workspace; changes: FieldChange[] } {
  const empty = emptyWorkspace() as unknown as Record<string, unknown>;
  const here = current as unknown as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...here };
  const changes: FieldChange[] = [];
  for (const [field, there] of Object.entries(incoming)) {
    if (NOT_MERGED.has(field)) continue;
    const rules = (BY_ENTRY as Record<string, EntryRules<unknown> | undefined>)[field];
    if (rules && Array.isArray(there)) {
      const result = mergeByKey<unknown>(Array.isArray(here[field]) ? (here[field] as unknown[]) : [], there, {
        keyOf: rules.keyOf,
      });
      merged[field] = result.merged;
      changes.push({
        field,
        kind: 'entries',
        added: result.added.map(rules.nameOf),
        replaced: result.replaced.map(rules.nameOf),
        kept: result.kept,
      });
      continue;
    }
    const outcome =
      sameValue(there, empty[field]) || sameValue(there, here[field])
        ? 'kept'
        : here[field] === undefined || sameValue(here[field], empty[field])
          ? 'added'
          : 'replaced';
    if (outcome !== 'kept') merged[field] = there;
    changes.push({ field, kind: 'whole', outcome });
  }
  return { merged: merged as unknown as Workspace, changes };
}

/**
 * Merges a workspace read from a file into the current connection's, for every tab, applied to the
 * record as it is in the transaction (a change another tab made since the preview is not lost).
 * Resolves with what it changed.
 */
export function importWorkspace(incoming: Workspace): Promise<FieldChange[]> {
  return workspaceStore().change((draft) => {
    const { merged, changes } = mergeWorkspace(draft, incoming);
    Object.assign(draft, merged);
    return changes;
  });
}
