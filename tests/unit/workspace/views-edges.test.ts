// @vitest-environment node
import * as Y from 'yjs';
import { appendEdits, readRegisters, registersOf } from '../../../src/features/workspace/registers';
import { viewEntriesOf, writeViewEntries } from '../../../src/features/workspace/views';

// The saved list views kept in the shared workspace, at their edges: views saved on two devices
// apart, then merged as the sync server merges them; entries a broken or hostile peer wrote.

function meet(...docs: Y.Doc[]) {
  const updates = docs.map((doc) => Y.encodeStateAsUpdate(doc));
  for (const doc of docs) updates.forEach((update) => Y.applyUpdate(doc, update));
}

/** `clientId`: fixed, where the order Yjs keeps concurrent edits in (by client) must be known. */
function device(clientId: number) {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  return doc;
}

const views = (doc: Y.Doc) => viewEntriesOf(registersOf(doc));
const write = (doc: Y.Doc, entries: unknown[], at: number) =>
  doc.transact(() => writeViewEntries(registersOf(doc), entries, at));
const view = (id: string) => ({ id, name: id.toUpperCase(), href: '/reports' });

describe('saved views at their edges', () => {
  it('two views saved at the same place on two devices: the one saved first comes first, the same on both', () => {
    // Both orders Yjs can keep the two devices' edits in: one has the later view first.
    for (const [anaId, benId] of [
      [1, 2],
      [2, 1],
    ] as const) {
      const [ana, ben] = [device(anaId), device(benId)];
      write(ana, [view('later')], 2_000);
      write(ben, [view('earlier')], 1_000);
      meet(ana, ben);
      for (const doc of [ana, ben]) expect(views(doc)).toEqual([view('earlier'), view('later')]);
    }
  });

  it("a view a peer wrote under another view's id is not listed, not even before this device writes the list again", () => {
    const doc = new Y.Doc();
    doc.transact(() =>
      appendEdits(
        registersOf(doc),
        [
          [JSON.stringify(['view', 'v1']), { ...view('v2'), name: 'Not the real V2' }],
          [JSON.stringify(['view', 'v2']), view('v2')],
          [JSON.stringify(['view', 'v3']), { id: 3, name: 'A number for an id' }],
        ],
        1_000,
      ),
    );
    expect(views(doc)).toEqual([view('v2'), { id: 3, name: 'A number for an id' }]);
  });

  it('a null in the list written is no view: neither an entry nor a place of it is kept', () => {
    const doc = new Y.Doc();
    write(doc, [view('v1'), null, view('v2')], 1_000);
    expect(views(doc)).toEqual([view('v1'), view('v2')]);
    expect([...readRegisters(registersOf(doc)).keys()].sort()).toEqual(
      [
        ['view', 'v1'],
        ['view', 'v2'],
        ['view-place', 'v1'],
        ['view-place', 'v2'],
      ].map((key) => JSON.stringify(key)),
    );
  });
});
