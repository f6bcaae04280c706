import { useMemo } from 'react';
import { useWorkspace } from './actions';
import { changeEntry, entryOf } from './model';
import { MAX_SEGMENTS, parseSegment, sameName, segmentName, type Segment } from './segments';
import { workspaceStore } from './store';

/**
 * What the screens do with a project's segments: follow them (in every tab) and add, rename or
 * remove one. Each change is one transaction of the workspace's store and says whether it was
 * kept, so that a form can tell why not (a name taken in another tab meanwhile, the bound).
 */

const NONE: Segment[] = [];

/** The project's segments, in the order they were added; `loaded` false until the device answered. */
export function useSegments(project: string): { loaded: boolean; segments: Segment[] } {
  const { loaded, workspace } = useWorkspace();
  return useMemo(
    () => ({ loaded, segments: entryOf(workspace, project).segments ?? NONE }),
    [loaded, workspace, project],
  );
}

export type SegmentRefusal = 'invalid' | 'name-taken' | 'too-many' | 'missing';

function newSegmentId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36)}`;
  return random
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 10)
    .toLowerCase();
}

/**
 * Adds a segment for every tab. The pattern is expected to have been read by the segments
 * feature's matching already: here it is only bounded, like anything stored.
 */
export function addSegment(
  project: string,
  segment: { name: string; pattern: string },
): Promise<{ added: Segment } | { refused: SegmentRefusal }> {
  const added = parseSegment({ ...segment, id: newSegmentId() });
  if (!added) return Promise.resolve({ refused: 'invalid' });
  return workspaceStore().change((draft) => {
    let outcome: { added: Segment } | { refused: SegmentRefusal } = { added };
    changeEntry(draft, project, (entry) => {
      const segments = entry.segments ?? [];
      if (segments.length >= MAX_SEGMENTS) outcome = { refused: 'too-many' };
      else if (segments.some((kept) => sameName(kept.name, added.name))) outcome = { refused: 'name-taken' };
      else entry.segments = [...segments, added];
    });
    return outcome;
  });
}

export function renameSegment(project: string, id: string, name: string): Promise<SegmentRefusal | null> {
  const kept = segmentName(name);
  if (kept === null) return Promise.resolve('invalid');
  return workspaceStore().change((draft) => {
    const segments = entryOf(draft, project).segments ?? [];
    const segment = segments.find((candidate) => candidate.id === id);
    if (!segment) return 'missing';
    if (segments.some((other) => other.id !== id && sameName(other.name, kept))) return 'name-taken';
    segment.name = kept;
    return null;
  });
}

export async function removeSegment(project: string, id: string): Promise<void> {
  await workspaceStore().change((draft) =>
    changeEntry(draft, project, (entry) => {
      const segments = (entry.segments ?? []).filter((segment) => segment.id !== id);
      if (segments.length > 0) entry.segments = segments;
      else delete entry.segments;
    }),
  );
}
