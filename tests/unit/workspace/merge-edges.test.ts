// @vitest-environment node
import * as Y from 'yjs';
import type { Workspace } from '../../../src/features/workspace/model';
import { workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import {
  appendEdits,
  HISTORY_LENGTH,
  readRegisters,
  REMOVAL_KEPT_MS,
  registersOf,
  valueOf,
} from '../../../src/features/workspace/registers';

// The edges of the merge rule (decision 104): edits made apart on two devices, then merged as the
// sync server merges them (each side gets the other's updates).

/** `clientId`: fixed, where the order Yjs keeps concurrent edits in (by client) must be known. */
function analyst(clientId?: number) {
  const doc = new Y.Doc();
  if (clientId !== undefined) doc.clientID = clientId;
  const change = (edit: (draft: Workspace) => void, at: number) => {
    const before = workspaceFrom(registersOf(doc), 'acct');
    const draft = structuredClone(before);
    edit(draft);
    doc.transact(() => writeChanges(registersOf(doc), before, draft, at));
  };
  return { doc, change, read: () => workspaceFrom(registersOf(doc), 'acct') };
}

function meet(...docs: Y.Doc[]) {
  const updates = docs.map((doc) => Y.encodeStateAsUpdate(doc));
  for (const doc of docs) updates.forEach((update) => Y.applyUpdate(doc, update));
}

/** Both orders Yjs can keep two devices' concurrent edits in: one has the later edit first. */
const BOTH_ORDERS = [
  [1, 2],
  [2, 1],
] as const;

const project = (name: string) => ({
  project: name,
  watch: { target: null, newHighFailures: true, dropPoints: 10 },
  plan: null,
});
const note = (id: string) => ({ id, date: '2026-11-02', text: `Note ${id}`, project: null });
const editsOf = (doc: Y.Doc, key: unknown[]) => readRegisters(registersOf(doc)).get(JSON.stringify(key)) ?? [];

describe('edits made apart on two devices, merged', () => {
  it('segments and marks seen are listed in the order they were made, whichever device the document keeps first', () => {
    for (const [anaId, benId] of BOTH_ORDERS) {
      const [ana, ben] = [analyst(anaId), analyst(benId)];
      ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
      meet(ana.doc, ben.doc);
      // Ana's are made later by the clock than Ben's.
      ana.change((draft) => {
        draft.projects[0]!.segments = [{ id: 'late', name: 'Late', pattern: '/late/' }];
        draft.marks.seen.push('late-mark');
      }, 3_000);
      ben.change((draft) => {
        draft.projects[0]!.segments = [{ id: 'early', name: 'Early', pattern: '/early/' }];
        draft.marks.seen.push('early-mark');
      }, 2_000);
      meet(ana.doc, ben.doc);
      for (const side of [ana, ben]) {
        const { projects, marks } = side.read();
        expect(projects[0]!.segments?.map((segment) => segment.name)).toEqual(['Early', 'Late']);
        expect(marks.seen).toEqual(['early-mark', 'late-mark']);
      }
    }
  });

  it('a project added on both devices keeps the place of the first time it was added', () => {
    for (const [anaId, benId] of BOTH_ORDERS) {
      const [ana, ben] = [analyst(anaId), analyst(benId)];
      ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
      ben.change((draft) => void draft.projects.push(project('blog.example')), 2_000);
      ben.change((draft) => void draft.projects.push(project('shop.example')), 3_000);
      meet(ana.doc, ben.doc);
      for (const side of [ana, ben])
        expect(side.read().projects.map((entry) => entry.project)).toEqual(['shop.example', 'blog.example']);
      // An edit made after the merge carries the first time too: the place holds once the older edits are trimmed.
      ben.change((draft) => void (draft.projects[0]!.watch.target = 80), 4_000);
      expect(editsOf(ben.doc, ['watch', 'shop.example']).at(-1)?.since).toBe(1_000);
    }
  });

  it('a change elsewhere keeps the merged history of a field: every earlier target stays shown until the field is edited again', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    meet(ana.doc, ben.doc);
    for (let step = 1; step <= HISTORY_LENGTH - 1; step += 1) {
      ana.change((draft) => void (draft.projects[0]!.watch.target = 60 + step), 2_000 + step);
      ben.change((draft) => void (draft.projects[0]!.watch.target = 80 + step), 3_000 + step);
    }
    meet(ana.doc, ben.doc);
    // The register's edits, newest first: the current target and the earlier ones shown with it.
    const targetsNewestFirst = () =>
      editsOf(ana.doc, ['watch', 'shop.example'])
        .map((edit) => (edit.value as { target: number | null }).target)
        .reverse();
    const merged = [85, 84, 83, 82, 81, 65, 64, 63, 62, 61, null];
    expect(targetsNewestFirst()).toEqual(merged);

    ana.change((draft) => void draft.notes.push(note('n')), 5_000);
    expect(targetsNewestFirst()).toEqual(merged);
    ana.change((draft) => void (draft.projects[0]!.watch.target = 90), 6_000);
    expect(targetsNewestFirst()).toEqual([90, ...merged.slice(0, HISTORY_LENGTH - 1)]);
  });
});

describe('a removal is kept for 90 days', () => {
  // Ben edits a note while offline; Ana deletes it later by the clock, then keeps working.
  function removedWhileBenIsAway(anaWorksAgainAt: number) {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.notes.push(note('n')), 1_000);
    ana.change((draft) => void draft.notes.push(note('other')), 1_200);
    meet(ana.doc, ben.doc);
    ben.change((draft) => void (draft.notes[0]!.text = 'Edited offline'), 1_500);
    ana.change((draft) => void (draft.notes = draft.notes.filter((entry) => entry.id !== 'n')), 2_000);
    ana.change((draft) => void (draft.notes[0]!.text = 'Still here'), anaWorksAgainAt);
    meet(ana.doc, ben.doc);
    return [ana, ben];
  }

  it('a device back after exactly 90 days does not bring back what was deleted after its edit', () => {
    for (const side of removedWhileBenIsAway(2_000 + REMOVAL_KEPT_MS))
      expect(side.read().notes.map((entry) => entry.text)).toEqual(['Still here']);
  });

  it('a device back after longer brings back the piece it changed', () => {
    for (const side of removedWhileBenIsAway(2_000 + REMOVAL_KEPT_MS + 1))
      expect(side.read().notes.map((entry) => entry.text)).toEqual(['Edited offline', 'Still here']);
  });

  it('a change that changes nothing sends nothing, even once a removal is due to go', () => {
    const { doc, change } = analyst();
    change((draft) => void draft.marks.seen.push('a', 'b'), 1_000);
    change((draft) => void (draft.marks.seen = ['b']), 2_000);
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    change(() => undefined, 2_000 + REMOVAL_KEPT_MS + 1);
    expect(updates).toEqual([]);
    expect(editsOf(doc, ['seen', 'a']).map((edit) => edit.value)).toEqual([null]);
  });

  it('a piece cleared to nothing (undefined) is removed as by null: no history kept, and gone after 90 days', () => {
    const doc = new Y.Doc();
    const key = JSON.stringify(['view', 'broken']);
    const append = (value: unknown, at: number) =>
      doc.transact(() => appendEdits(registersOf(doc), [[key, value]], at));
    append({ name: 'Broken' }, 1_000);
    append({ name: 'Broken, renamed' }, 2_000);
    append(undefined, 3_000);
    expect(editsOf(doc, ['view', 'broken']).map((edit) => edit.at)).toEqual([3_000]);
    doc.transact(() => appendEdits(registersOf(doc), [[JSON.stringify(['looked']), 'x']], 3_000 + REMOVAL_KEPT_MS + 1));
    expect(editsOf(doc, ['view', 'broken'])).toEqual([]);
  });
});

describe('what the document holds', () => {
  it('reads the edits a document already keeps (on a device, on the sync server) under its name', () => {
    const doc = new Y.Doc();
    doc.getArray('edits').push([{ key: JSON.stringify(['seen', 'x']), at: 1_000, since: 1_000, by: 1, value: true }]);
    expect(workspaceFrom(registersOf(doc), 'acct').marks.seen).toEqual(['x']);
    const { doc: written, change } = analyst();
    change((draft) => void draft.marks.seen.push('y'), 1_000);
    expect(written.getArray('edits').length).toBe(1);
  });

  it('an edit this version cannot read does not count, even as the latest', () => {
    const { doc, change, read } = analyst();
    change((draft) => void (draft.branding = { agencyName: 'Ana & Co' } as Workspace['branding']), 1_000);
    const key = JSON.stringify(['branding']);
    registersOf(doc).push([
      // A stamp that is not a whole millisecond, one past the safe range, one that is no number.
      { key, at: 2_000.5, by: 2, value: { agencyName: 'Half a millisecond' } },
      { key, at: Number.MAX_SAFE_INTEGER + 2, by: 2, value: { agencyName: 'Far future' } },
      { key, at: '3000', by: 2, value: { agencyName: 'Text stamp' } },
      { key, at: 4_000, by: 'ben', value: { agencyName: 'No client' } },
      { at: 5_000, by: 2, value: { agencyName: 'No piece' } },
    ]);
    expect(read().branding?.agencyName).toBe('Ana & Co');
    expect(valueOf(editsOf(doc, ['branding']))).toEqual({ agencyName: 'Ana & Co' });
  });
});
