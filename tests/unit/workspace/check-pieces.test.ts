// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { accept, switchOff, switchOn, type CheckSettings } from '../../../src/features/workspace/check-settings';
import { changeEntry, type Workspace } from '../../../src/features/workspace/model';
import { workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import { appendEdits, readRegisters, registersOf, valueOf } from '../../../src/features/workspace/registers';

// A project's check settings are a piece per setting (a check switched off, a failure accepted on
// a page): two analysts who set aside different checks of one project at once both keep theirs.
// Versions before kept them as one piece per project; that form is read, and moved by the next
// change.

const PROJECT = 'shop.example';
const AT = new Date('2026-11-20T10:00:00.000Z');

function analyst(clientId: number) {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  const read = () => workspaceFrom(registersOf(doc), 'acct');
  const change = (edit: (draft: Workspace) => void, at: number) => {
    const before = read();
    const draft = structuredClone(before);
    edit(draft);
    doc.transact(() => writeChanges(registersOf(doc), before, draft, at));
  };
  /** As features/workspace/check-actions.ts changes them. */
  const changeChecks = (edit: (settings: CheckSettings) => void, at: number) =>
    change(
      (draft) =>
        changeEntry(draft, PROJECT, (entry) => {
          entry.checks ??= { off: [], accepted: [] };
          edit(entry.checks);
        }),
      at,
    );
  const checks = () => read().projects.find((entry) => entry.project === PROJECT)?.checks;
  return { doc, read, change, changeChecks, checks };
}

function meet(...docs: Y.Doc[]) {
  const updates = docs.map((doc) => Y.encodeStateAsUpdate(doc));
  for (const doc of docs) updates.forEach((update) => Y.applyUpdate(doc, update));
}

/** What a version before 2026-11-29 wrote: the project's settings as one piece. */
function writeOldForm(doc: Y.Doc, settings: CheckSettings, at: number) {
  doc.transact(() =>
    appendEdits(
      registersOf(doc),
      [
        [JSON.stringify(['watch', PROJECT]), { target: null, newHighFailures: false, dropPoints: null }],
        [JSON.stringify(['checks', PROJECT]), settings],
      ],
      at,
    ),
  );
}

const off = (check: string, reason = '') => ({ check, reason, at: AT.toISOString() });
const accepted = (check: string, page: string, note = '') => ({ check, page, note, at: AT.toISOString() });
const oldFormValue = (doc: Y.Doc) => valueOf(readRegisters(registersOf(doc)).get(JSON.stringify(['checks', PROJECT])));

describe("a project's check settings, one piece per setting", () => {
  it('two analysts who switch off different checks at once both keep theirs', () => {
    const first = analyst(1);
    const second = analyst(2);
    first.changeChecks((settings) => switchOff(settings, 'title-length', 'Brand names', AT), 1_000);
    second.changeChecks((settings) => switchOff(settings, 'meta-description', '', AT), 2_000);
    meet(first.doc, second.doc);
    for (const { checks } of [first, second])
      expect(checks()).toEqual({ off: [off('title-length', 'Brand names'), off('meta-description')], accepted: [] });
  });

  it('two analysts who accept a check on different pages at once both keep theirs', () => {
    const first = analyst(1);
    const second = analyst(2);
    first.changeChecks((settings) => accept(settings, 'h1', 'shop.example/a', 'Hero image', AT), 1_000);
    second.changeChecks((settings) => accept(settings, 'h1', 'shop.example/b', '', AT), 2_000);
    meet(first.doc, second.doc);
    for (const { checks } of [first, second])
      expect(checks()?.accepted).toEqual([
        accepted('h1', 'shop.example/a', 'Hero image'),
        accepted('h1', 'shop.example/b'),
      ]);
  });

  it('one switches a check on while the other switches another off: both hold', () => {
    const first = analyst(1);
    first.changeChecks((settings) => switchOff(settings, 'title-length', '', AT), 1_000);
    const second = analyst(2);
    meet(first.doc, second.doc);
    first.changeChecks((settings) => switchOn(settings, 'title-length'), 2_000);
    second.changeChecks((settings) => switchOff(settings, 'canonical', '', AT), 3_000);
    meet(first.doc, second.doc);
    expect(first.checks()).toEqual({ off: [off('canonical')], accepted: [] });
    expect(second.checks()).toEqual(first.checks());
  });

  it('the same setting changed on both sides: the later edit wins', () => {
    const first = analyst(1);
    const second = analyst(2);
    first.changeChecks((settings) => switchOff(settings, 'title-length', 'earlier', AT), 1_000);
    second.changeChecks((settings) => switchOff(settings, 'title-length', 'later', AT), 2_000);
    meet(first.doc, second.doc);
    expect(first.checks()?.off).toEqual([off('title-length', 'later')]);
    expect(second.checks()?.off).toEqual([off('title-length', 'later')]);
  });

  it('lists the settings in the order they were first set, whichever device kept them first', () => {
    // The document keeps the later device's edits first: the order must come from when each was set.
    const later = analyst(1);
    const earlier = analyst(2);
    earlier.changeChecks((settings) => switchOff(settings, 'canonical', '', AT), 1_000);
    earlier.changeChecks((settings) => accept(settings, 'h1', 'shop.example/z', '', AT), 1_000);
    later.changeChecks((settings) => switchOff(settings, 'title-length', '', AT), 5_000);
    later.changeChecks((settings) => accept(settings, 'h1', 'shop.example/a', '', AT), 5_000);
    meet(later.doc, earlier.doc);
    for (const { checks } of [later, earlier])
      expect(checks()).toEqual({
        off: [off('canonical'), off('title-length')],
        accepted: [accepted('h1', 'shop.example/z'), accepted('h1', 'shop.example/a')],
      });
  });

  it("a setting whose value names another check is not read (a peer cannot hide another's)", () => {
    const { doc, checks } = analyst(1);
    doc.transact(() =>
      appendEdits(
        registersOf(doc),
        [
          [JSON.stringify(['check-off', PROJECT, 'title-length']), off('canonical')],
          [JSON.stringify(['check-accepted', PROJECT, 'h1', 'shop.example/a']), accepted('h1', 'shop.example/b')],
          [
            JSON.stringify(['check-accepted', PROJECT, 'h1', 'shop.example/c']),
            accepted('canonical', 'shop.example/c'),
          ],
          [JSON.stringify(['check-off', PROJECT, 'h1']), off('h1')],
        ],
        1_000,
      ),
    );
    expect(checks()).toEqual({ off: [off('h1')], accepted: [] });
  });
});

describe("the old form (a project's settings as one piece)", () => {
  const OLD: CheckSettings = {
    off: [off('title-length', 'Brand names')],
    accepted: [accepted('h1', 'shop.example/a', 'Hero image')],
  };

  it('is read as it was written', () => {
    const { doc, checks } = analyst(1);
    writeOldForm(doc, OLD, 1_000);
    expect(checks()).toEqual(OLD);
  });

  it('is moved into a piece per setting by the next change, whatever it changes, and removed', () => {
    const { doc, change, checks } = analyst(1);
    writeOldForm(doc, OLD, 1_000);
    change((draft) => void draft.marks.seen.push('x'), 2_000);
    expect(oldFormValue(doc)).toBeUndefined();
    const stored = readRegisters(registersOf(doc));
    expect(valueOf(stored.get(JSON.stringify(['check-off', PROJECT, 'title-length'])))).toEqual(OLD.off[0]);
    expect(valueOf(stored.get(JSON.stringify(['check-accepted', PROJECT, 'h1', 'shop.example/a'])))).toEqual(
      OLD.accepted[0],
    );
    expect(checks()).toEqual(OLD);
  });

  it('once moved, a change writes only what it changed', () => {
    const { doc, change } = analyst(1);
    writeOldForm(doc, OLD, 1_000);
    change((draft) => void draft.marks.seen.push('x'), 2_000);
    const before = workspaceFrom(registersOf(doc), 'acct');
    const after = structuredClone(before);
    after.marks.seen.push('y');
    let written = 0;
    doc.transact(() => (written = writeChanges(registersOf(doc), before, after, 3_000)));
    expect(written).toBe(1);
  });

  it('what cannot be read in it is left out, the rest read', () => {
    const { doc, checks } = analyst(1);
    writeOldForm(doc, { off: [null, 5, 'title-length', OLD.off[0]], accepted: 'all of them' } as never, 1_000);
    expect(checks()).toEqual({ off: OLD.off, accepted: [] });
    writeOldForm(doc, { off: { check: 'title-length' }, accepted: [null, ...OLD.accepted] } as never, 2_000);
    expect(checks()).toEqual({ off: [], accepted: OLD.accepted });
    writeOldForm(doc, 'every check' as never, 3_000);
    expect(checks()).toBeUndefined();
  });

  it('a change to the settings moves the rest with it: none is lost', () => {
    const { doc, changeChecks, checks } = analyst(1);
    writeOldForm(doc, OLD, 1_000);
    changeChecks((settings) => switchOff(settings, 'canonical', '', AT), 2_000);
    expect(oldFormValue(doc)).toBeUndefined();
    expect(checks()).toEqual({ ...OLD, off: [...OLD.off, off('canonical')] });
  });

  it('a setting of its own wins over the old form, even removed', () => {
    const { doc, changeChecks, checks } = analyst(1);
    changeChecks((settings) => switchOff(settings, 'title-length', '', AT), 1_000);
    changeChecks((settings) => switchOn(settings, 'title-length'), 2_000);
    // A tab still on the version before writes the project's settings as it last saw them.
    writeOldForm(doc, OLD, 3_000);
    expect(checks()).toEqual({ off: [], accepted: OLD.accepted });
  });

  it('moves on one device and an older tab writes it again: what the older tab added is kept', () => {
    const { doc, change, checks } = analyst(1);
    writeOldForm(doc, OLD, 1_000);
    change((draft) => void draft.marks.seen.push('x'), 2_000);
    writeOldForm(doc, { off: [off('canonical')], accepted: [] }, 3_000);
    // In the order each was first set (the moved ones when they were moved).
    expect(checks()).toEqual({ ...OLD, off: [off('canonical'), ...OLD.off] });
    change((draft) => void draft.marks.seen.push('y'), 4_000);
    expect(oldFormValue(doc)).toBeUndefined();
    expect(checks()?.off).toHaveLength(2);
    expect(checks()).toEqual({ ...OLD, off: expect.arrayContaining([...OLD.off, off('canonical')]) });
  });
});
