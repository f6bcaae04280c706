import * as Y from 'yjs';
import { replacedValuesOf } from '../../../src/features/workspace/history';
import type { Workspace } from '../../../src/features/workspace/model';
import { workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import { registersOf } from '../../../src/features/workspace/registers';
import { describeWatch } from '../../../src/features/project-pages/components/watch-history';

function analyst() {
  const doc = new Y.Doc();
  const change = (edit: (draft: Workspace) => void, at: number) => {
    const before = workspaceFrom(registersOf(doc), 'acct');
    const draft = structuredClone(before);
    edit(draft);
    doc.transact(() => writeChanges(registersOf(doc), before, draft, at));
  };
  return { doc, change };
}

const project = { project: 'shop.example', watch: { target: null, newHighFailures: true, dropPoints: 10 }, plan: null };
const targets = (doc: Y.Doc) =>
  replacedValuesOf(registersOf(doc), ['watch', 'shop.example']).map(({ value, setAt, replacedAt }) => [
    (value as { target: number | null }).target,
    setAt,
    replacedAt,
  ]);

describe("a piece's replaced values", () => {
  it('lists the edit that lost to a later one on another device, newest first, with when it was set and replaced', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(structuredClone(project)), 1_000);
    Y.applyUpdate(ben.doc, Y.encodeStateAsUpdate(ana.doc));
    ana.change((draft) => void (draft.projects[0]!.watch.target = 60), 2_000);
    ben.change((draft) => void (draft.projects[0]!.watch.target = 75), 3_000);
    Y.applyUpdate(ana.doc, Y.encodeStateAsUpdate(ben.doc));
    Y.applyUpdate(ben.doc, Y.encodeStateAsUpdate(ana.doc));
    for (const doc of [ana.doc, ben.doc]) {
      expect(targets(doc)).toEqual([
        [60, 2_000, 3_000],
        [null, 1_000, 2_000],
      ]);
    }
  });

  it('has nothing for a piece set once or never, nor from before it was removed', () => {
    const { doc, change } = analyst();
    expect(targets(doc)).toEqual([]);
    change((draft) => void draft.projects.push(structuredClone(project)), 1_000);
    expect(targets(doc)).toEqual([]);
    change((draft) => void (draft.projects = []), 2_000);
    change(
      (draft) => void draft.projects.push({ ...structuredClone(project), watch: { ...project.watch, target: 50 } }),
      3_000,
    );
    // A removal keeps no history: what the project had before it was removed is not shown.
    expect(targets(doc)).toEqual([]);
    change((draft) => void (draft.projects[0]!.watch.target = 60), 4_000);
    expect(targets(doc)).toEqual([[50, 3_000, 4_000]]);
    // Set back to what it was: the same value is not listed as an earlier one.
    change((draft) => void (draft.projects[0]!.watch.target = 50), 5_000);
    expect(targets(doc)).toEqual([[60, 4_000, 5_000]]);
  });
});

describe('a watch, in words', () => {
  it('says each setting', () => {
    expect(describeWatch({ target: 80, newHighFailures: true, dropPoints: 10 })).toBe(
      'Target 80; new high-importance failures flagged; drops of 10 points flagged',
    );
    expect(describeWatch({ target: null, newHighFailures: false, dropPoints: null })).toBe(
      'No target; new high-importance failures not flagged; drops not flagged',
    );
  });
});
