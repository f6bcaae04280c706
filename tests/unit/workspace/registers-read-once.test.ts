// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEdits, readRegisters, registersOf, valueOf } from '../../../src/features/workspace/registers';

// The edits are read once per change of the document, whichever reader asks: every reader after a
// change (this device's, another tab's or the team's) sees it, and none reads a document that did
// not change again.

const NOTE = JSON.stringify(['note', 'n1']);

function docWithNote(text: string) {
  const doc = new Y.Doc();
  doc.transact(() => appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text }]], 1_000));
  return doc;
}

describe('readRegisters', () => {
  it('reads a document that did not change once, for every reader', () => {
    const doc = docWithNote('first');
    const first = readRegisters(registersOf(doc));
    expect(readRegisters(registersOf(doc))).toBe(first);
  });

  it('sees an edit made on this device after it read', () => {
    const doc = docWithNote('first');
    expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'first' });
    doc.transact(() => appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text: 'second' }]], 2_000));
    expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'second' });
    // And again after the next change: the document is followed for good, not once.
    doc.transact(() => appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text: 'third' }]], 3_000));
    expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'third' });
  });

  it("sees another device's edit that arrives after it read", () => {
    const here = docWithNote('first');
    const there = new Y.Doc();
    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    expect(valueOf(readRegisters(registersOf(here)).get(NOTE))).toEqual({ id: 'n1', text: 'first' });
    there.transact(() => appendEdits(registersOf(there), [[NOTE, { id: 'n1', text: 'theirs' }]], 2_000));
    Y.applyUpdate(here, Y.encodeStateAsUpdate(there));
    expect(valueOf(readRegisters(registersOf(here)).get(NOTE))).toEqual({ id: 'n1', text: 'theirs' });
  });

  it('inside a transaction that has written nothing yet, the reading before it stands', () => {
    const doc = docWithNote('first');
    const before = readRegisters(registersOf(doc));
    doc.transact(() => {
      expect(readRegisters(registersOf(doc))).toBe(before);
      appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text: 'second' }]], 2_000);
      expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'second' });
    });
    expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'second' });
  });

  it('reads what a transaction wrote so far while it runs, and keeps none of it', () => {
    const doc = docWithNote('first');
    readRegisters(registersOf(doc));
    doc.transact(() => {
      appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text: 'inside' }]], 2_000);
      expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'inside' });
      appendEdits(registersOf(doc), [[NOTE, { id: 'n1', text: 'last' }]], 3_000);
    });
    expect(valueOf(readRegisters(registersOf(doc)).get(NOTE))).toEqual({ id: 'n1', text: 'last' });
  });
});
