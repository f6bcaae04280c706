// @vitest-environment node
import * as Y from 'yjs';
import { emptyWorkspace, type Workspace } from '../../../src/features/workspace/model';
import { DEFAULT_ACCENT } from '../../../src/features/workspace/branding';
import { piecesOf, sameValue, workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import {
  appendEdits,
  HISTORY_LENGTH,
  readRegisters,
  REMOVAL_KEPT_MS,
  registersOf,
  valueOf,
} from '../../../src/features/workspace/registers';
import { viewEntriesOf, writeViewEntries } from '../../../src/features/workspace/views';

/** A register's edits, oldest first, as the workspace reads them. */
const editsOf = (doc: Y.Doc, key: string) => readRegisters(registersOf(doc)).get(key) ?? [];

// Two analysts' copies of one account's document, each edited apart (offline), then merged as
// the sync server merges them: each side gets the other's updates.

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

const project = (name: string) => ({
  project: name,
  watch: { target: null, newHighFailures: true, dropPoints: 10 },
  plan: null,
});

describe('the shared workspace merges piece by piece', () => {
  it('two analysts adding different segments of one project both keep theirs', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    meet(ana.doc, ben.doc);

    ana.change((draft) => void draft.projects[0]!.segments?.push({ id: 'a', name: 'Blog', pattern: '/blog/' }), 2_000);
    ana.change((draft) => {
      draft.projects[0]!.segments = [{ id: 'a', name: 'Blog', pattern: '/blog/' }];
    }, 2_000);
    ben.change((draft) => {
      draft.projects[0]!.segments = [{ id: 'b', name: 'Shop', pattern: '/shop/' }];
    }, 2_100);
    meet(ana.doc, ben.doc);

    for (const side of [ana, ben]) {
      expect(side.read().projects[0]!.segments?.map((segment) => segment.name)).toEqual(['Blog', 'Shop']);
    }
  });

  it('a piece set for the first time on two devices at once keeps both edits, and the later wins', () => {
    // Both devices make the piece's register at once: neither edit may vanish with a register.
    for (const [anaId, benId] of [
      [1, 2],
      [2, 1],
    ]) {
      const [ana, ben] = [analyst(anaId), analyst(benId)];
      ana.change((draft) => void (draft.branding = { agencyName: 'Ana & Co' } as Workspace['branding']), 1_000);
      ben.change((draft) => void (draft.branding = { agencyName: 'Ben & Co' } as Workspace['branding']), 2_000);
      meet(ana.doc, ben.doc);
      for (const side of [ana, ben]) expect(side.read().branding?.agencyName).toBe('Ben & Co');
      const names = editsOf(ana.doc, JSON.stringify(['branding'])).map(
        (edit) => (edit.value as { agencyName: string }).agencyName,
      );
      expect(names).toEqual(['Ana & Co', 'Ben & Co']);
    }
  });

  it('the same field edited on both sides: the later edit wins, the other stays in its history', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    meet(ana.doc, ben.doc);

    // Ben edits later by the clock, but his update reaches Ana first: the clock decides, not arrival.
    ben.change((draft) => void (draft.projects[0]!.watch.target = 70), 3_000);
    ana.change((draft) => void (draft.projects[0]!.watch.target = 90), 2_000);
    meet(ben.doc, ana.doc);

    for (const side of [ana, ben]) expect(side.read().projects[0]!.watch.target).toBe(70);
    const register = editsOf(ana.doc, JSON.stringify(['watch', 'shop.example']));
    expect(register.map((edit) => (edit.value as { target: number | null }).target)).toEqual([null, 90, 70]);
  });

  it('a piece removed on one side and changed later on the other is kept with the later change', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change(
      (draft) => void draft.notes.push({ id: 'n', date: '2026-11-02', text: 'Migration', project: null }),
      1_000,
    );
    meet(ana.doc, ben.doc);
    ana.change((draft) => void (draft.notes = []), 2_000);
    ben.change((draft) => void (draft.notes[0]!.text = 'Migration done'), 2_500);
    meet(ana.doc, ben.doc);
    for (const side of [ana, ben]) expect(side.read().notes.map((note) => note.text)).toEqual(['Migration done']);
  });

  it('writes only what changed, and nothing for a draft left as it was', () => {
    const { doc, change } = analyst();
    change((draft) => void draft.projects.push(project('a.example'), project('b.example')), 1_000);
    const before = Y.encodeStateVector(doc);
    change(() => undefined, 2_000);
    expect(Y.encodeStateVector(doc)).toEqual(before);
    change((draft) => void (draft.projects[1]!.watch.dropPoints = 20), 3_000);
    const touched = [...readRegisters(registersOf(doc))].filter(([, edits]) => edits.length > 1);
    expect(touched.map(([key]) => key)).toEqual([JSON.stringify(['watch', 'b.example'])]);
  });

  it('keeps each piece in its place in lists after its oldest edits are trimmed', () => {
    const { change, read } = analyst();
    change((draft) => void draft.projects.push(project('a.example')), 1_000);
    change((draft) => void draft.projects.push(project('b.example')), 2_000);
    change((draft) => void draft.notes.push(note('n1')), 1_000);
    change((draft) => void draft.notes.push(note('n2')), 2_000);
    for (let at = 3_000; at < 3_000 + HISTORY_LENGTH * 2; at += 1) {
      change((draft) => void (draft.projects[0]!.watch.dropPoints = 10 + (at % 50)), at);
      change((draft) => void (draft.notes[0]!.text = `Note ${at}`), at);
    }
    expect(read().projects.map((entry) => entry.project)).toEqual(['a.example', 'b.example']);
    expect(read().notes.map((entry) => entry.id)).toEqual(['n1', 'n2']);
  });

  it('a removal keeps no history, and goes with its piece once it is older than removals are kept', () => {
    const { doc, change, read } = analyst();
    change((draft) => void draft.marks.seen.push('a', 'b'), 1_000);
    change((draft) => void (draft.marks.seen = ['b']), 2_000);
    change((draft) => void (draft.marks.seen = ['b']), 2_000);
    expect(editsOf(doc, JSON.stringify(['seen', 'a'])).map((edit) => edit.value)).toEqual([null]);
    // Any later write drops a removal older than REMOVAL_KEPT_MS; the pieces still set stay.
    change((draft) => void draft.notes.push(note('n')), 2_000 + REMOVAL_KEPT_MS + 1);
    expect(editsOf(doc, JSON.stringify(['seen', 'a']))).toEqual([]);
    expect(read().marks.seen).toEqual(['b']);
    expect(registersOf(doc).length).toBe(2);
  });

  it('keeps a short history, whatever the number of edits', () => {
    const { doc, change } = analyst();
    for (let at = 1; at <= 20; at += 1)
      change((draft) => void (draft.branding = { agencyName: `Agency ${at}` } as Workspace['branding']), at * 1_000);
    const register = editsOf(doc, JSON.stringify(['branding']));
    expect(register).toHaveLength(HISTORY_LENGTH);
    expect((valueOf(register) as { agencyName: string }).agencyName).toBe('Agency 20');
  });

  it('an edit made on a clock that is behind still replaces what its device saw', () => {
    const { change, read } = analyst();
    change((draft) => void draft.projects.push(project('a.example')), 5_000);
    change((draft) => void (draft.projects[0]!.watch.target = 50), 1_000);
    expect(read().projects[0]!.watch.target).toBe(50);
  });

  it('reads back as the same workspace it was written from', () => {
    const workspace: Workspace = {
      ...emptyWorkspace('acct'),
      projects: [
        { ...project('a.example'), segments: [{ id: 's', name: 'Docs', pattern: '/docs/*' }] },
        {
          ...project('b.example'),
          plan: {
            cadence: 'weekly',
            scope: { kind: 'every-page' },
            privacy: 'private',
            automatic: false,
            paused: false,
            lastStartedAt: null,
          },
        },
      ],
      marks: { lastLookedAt: '2026-11-01T00:00:00.000Z', seen: ['x', 'y'] },
      notes: [{ id: 'n', date: '2026-11-02', text: 'Note', project: 'a.example' }],
    };
    const { doc } = analyst();
    doc.transact(() => writeChanges(registersOf(doc), emptyWorkspace('acct'), workspace, 1_000));
    expect(workspaceFrom(registersOf(doc), 'acct')).toEqual(workspace);
    expect(piecesOf(workspace).size).toBe(8);
  });

  it('saved views: one added on each side are both kept; a rename on one side and a move on the other both hold', () => {
    const [ana, ben] = [analyst(), analyst()];
    const views = (doc: Y.Doc) => viewEntriesOf(registersOf(doc)) as { id: string; name: string }[];
    const write = (doc: Y.Doc, entries: unknown[], at: number) =>
      doc.transact(() => writeViewEntries(registersOf(doc), entries, at));
    write(
      ana.doc,
      [
        { id: 'a', name: 'A', href: '/reports' },
        { id: 'b', name: 'B', href: '/projects' },
      ],
      1_000,
    );
    meet(ana.doc, ben.doc);

    write(ana.doc, [...views(ana.doc), { id: 'c', name: 'C', href: '/reports?result=bad' }], 2_000);
    write(ben.doc, [...views(ben.doc), { id: 'd', name: 'D', href: '/reports?result=good' }], 2_100);
    meet(ana.doc, ben.doc);
    for (const doc of [ana.doc, ben.doc])
      expect(
        views(doc)
          .map((view) => view.id)
          .sort(),
      ).toEqual(['a', 'b', 'c', 'd']);

    write(
      ana.doc,
      views(ana.doc).map((view) => (view.id === 'a' ? { ...view, name: 'A renamed' } : view)),
      3_000,
    );
    const [first, second, ...rest] = views(ben.doc);
    write(ben.doc, [second, first, ...rest], 3_100);
    meet(ana.doc, ben.doc);
    for (const doc of [ana.doc, ben.doc]) expect(views(doc).map((view) => view.name)).toContain('A renamed');
    expect(views(ana.doc)).toEqual(views(ben.doc));
  });
});

const targetOf = (side: { read: () => Workspace }) => side.read().projects[0]!.watch.target;
const stampsOf = (doc: Y.Doc, key: unknown[]) => editsOf(doc, JSON.stringify(key)).map((edit) => edit.at);
const note = (id: string) => ({ id, date: '2026-11-02', text: `Note ${id}`, project: null });

describe('a register: the latest edit by the clock', () => {
  it('is the value whichever order the document keeps concurrent edits in', () => {
    // Yjs orders concurrent inserts by client: with both orders, one has the later edit first.
    for (const [anaId, benId] of [
      [1, 2],
      [2, 1],
    ]) {
      const [ana, ben] = [analyst(anaId), analyst(benId)];
      ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
      meet(ana.doc, ben.doc);
      ana.change((draft) => void (draft.projects[0]!.watch.target = 90), 2_000);
      ben.change((draft) => void (draft.projects[0]!.watch.target = 70), 3_000);
      meet(ana.doc, ben.doc);
      for (const side of [ana, ben]) expect(targetOf(side)).toBe(70);
      expect(stampsOf(ana.doc, ['watch', 'shop.example'])).toEqual([1_000, 2_000, 3_000]);
    }
  });

  it("is stamped with its device's clock: one later edit wins over more, earlier, edits made elsewhere", () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    meet(ana.doc, ben.doc);
    ben.change((draft) => void (draft.projects[0]!.watch.target = 60), 3_000);
    ben.change((draft) => void (draft.projects[0]!.watch.target = 70), 3_500);
    ana.change((draft) => void (draft.projects[0]!.watch.target = 90), 5_000);
    meet(ana.doc, ben.doc);
    for (const side of [ana, ben]) expect(targetOf(side)).toBe(90);
    expect(stampsOf(ana.doc, ['watch', 'shop.example'])).toEqual([1_000, 3_000, 3_500, 5_000]);
  });

  it('is stamped after the edit it replaces, even within the same millisecond', () => {
    const { doc, change, read } = analyst();
    change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    change((draft) => void (draft.projects[0]!.watch.target = 50), 1_000);
    expect(stampsOf(doc, ['watch', 'shop.example'])).toEqual([1_000, 1_001]);
    expect(read().projects[0]!.watch.target).toBe(50);
  });

  it('edits stamped at the same time: the one the document keeps last is the value', () => {
    const doc = new Y.Doc();
    registersOf(doc).push([
      { key: 'piece', at: 5, by: 1, value: 'first' },
      { key: 'other', at: 9, by: 1, value: 'elsewhere' },
      { key: 'piece', at: 5, by: 2, value: 'second' },
      { key: 'piece', at: 1, by: 1, value: 'oldest' },
    ]);
    const register = editsOf(doc, 'piece');
    expect(register.map((edit) => edit.value)).toEqual(['oldest', 'first', 'second']);
    expect(valueOf(register)).toBe('second');
  });
});

describe('the pieces of the workspace', () => {
  it('an empty workspace has no pieces; a mark seen is written as set', () => {
    expect([...piecesOf(emptyWorkspace('acct'))]).toEqual([]);
    const { doc, change } = analyst();
    change((draft) => void draft.marks.seen.push('x'), 1_000);
    expect(valueOf(editsOf(doc, JSON.stringify(['seen', 'x'])))).toBe(true);
  });

  it("a project's checks set aside and the branding read back as written", () => {
    const workspace: Workspace = {
      ...emptyWorkspace('acct'),
      projects: [
        {
          ...project('a.example'),
          checks: {
            off: [{ check: 'title-length', reason: 'Not here', at: '2026-11-01T00:00:00.000Z' }],
            accepted: [],
          },
        },
      ],
      branding: { agencyName: 'Fourth Coffee', logo: null, accent: DEFAULT_ACCENT, footer: '', contact: '' },
    };
    const { doc, read } = analyst();
    doc.transact(() => writeChanges(registersOf(doc), emptyWorkspace('acct'), workspace, 1_000));
    expect(read()).toEqual(workspace);
  });

  it('a change is a different value: not the order of its fields, nor a field left undefined', () => {
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(['x'], { 0: 'x' })).toBe(false);
  });

  it('writes an edit for each piece added, changed or removed, and says how many', () => {
    const before: Workspace = { ...emptyWorkspace('acct'), projects: [project('a.example'), project('b.example')] };
    const after: Workspace = {
      ...emptyWorkspace('acct'),
      projects: [{ ...project('a.example'), watch: { target: 80, newHighFailures: true, dropPoints: 10 } }],
      notes: [note('n')],
    };
    const doc = new Y.Doc();
    doc.transact(() => writeChanges(registersOf(doc), emptyWorkspace('acct'), before, 1_000));
    expect(doc.transact(() => writeChanges(registersOf(doc), before, after, 2_000))).toBe(3);
  });

  it('a piece removed is gone on both sides: a project, a note, a mark seen', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => {
      draft.projects.push(project('a.example'), project('b.example'));
      draft.notes.push(note('n1'), note('n2'));
      draft.marks.seen.push('x', 'y');
    }, 1_000);
    meet(ana.doc, ben.doc);
    ana.change((draft) => {
      draft.projects.splice(1, 1);
      draft.notes.splice(0, 1);
      draft.marks.seen.splice(1, 1);
    }, 2_000);
    meet(ana.doc, ben.doc);
    for (const side of [ana, ben]) {
      const { projects, notes, marks } = side.read();
      expect(projects.map((entry) => entry.project)).toEqual(['a.example']);
      expect(notes.map((entry) => entry.id)).toEqual(['n2']);
      expect(marks.seen).toEqual(['x']);
    }
  });

  it('a project keeps its place in the list when a piece of it is set later', () => {
    const { change, read } = analyst();
    change((draft) => void draft.projects.push(project('a.example')), 1_000);
    change((draft) => void draft.projects.push(project('b.example')), 2_000);
    change((draft) => void (draft.projects[0]!.segments = [{ id: 's', name: 'Blog', pattern: '/blog/' }]), 3_000);
    expect(read().projects.map((entry) => entry.project)).toEqual(['a.example', 'b.example']);
  });

  it('projects, notes and marks made on two sides are listed in the order they were made, the same on both', () => {
    const [ana, ben] = [analyst(), analyst()];
    ben.change((draft) => {
      draft.projects.push(project('b.example'));
      draft.notes.push(note('nb'));
      draft.marks.seen.push('seen-b');
    }, 1_000);
    ana.change((draft) => {
      draft.projects.push(project('a.example'));
      draft.notes.push(note('na'));
      draft.marks.seen.push('seen-a');
    }, 2_000);
    meet(ana.doc, ben.doc);
    for (const side of [ana, ben]) {
      const { projects, notes, marks } = side.read();
      expect(projects.map((entry) => entry.project)).toEqual(['b.example', 'a.example']);
      expect(notes.map((entry) => entry.id)).toEqual(['nb', 'na']);
      expect(marks.seen).toEqual(['seen-b', 'seen-a']);
    }
  });

  it('a value that is not the piece its key names is no piece: a peer cannot hide another', () => {
    const { doc, change, read } = analyst();
    change((draft) => void draft.notes.push(note('n2')), 1_000);
    change(
      (draft) => void draft.projects.push({ ...project('p'), segments: [{ id: 's', name: 'S', pattern: '/s/' }] }),
      1_000,
    );
    doc.transact(() =>
      appendEdits(
        registersOf(doc),
        [
          [JSON.stringify(['note', 'n1']), { ...note('n2'), text: 'Not the real n2' }],
          [JSON.stringify(['segment', 'p', 'x']), { id: 's', name: 'Not the real S', pattern: '/' }],
          [JSON.stringify(['view', 'v1']), { id: 'v2', name: 'Not v2', href: '/reports' }],
        ],
        500,
      ),
    );
    doc.transact(() => writeViewEntries(registersOf(doc), [{ id: 'v2', name: 'V2', href: '/reports' }], 2_000));
    expect(read().notes.map((entry) => entry.text)).toEqual(['Note n2']);
    expect(read().projects[0]!.segments?.map((segment) => segment.name)).toEqual(['S']);
    expect(viewEntriesOf(registersOf(doc))).toEqual([{ id: 'v2', name: 'V2', href: '/reports' }]);
  });

  it('a key that is not a list of names is no piece', () => {
    const { doc, read } = analyst();
    doc.transact(() => {
      appendEdits(registersOf(doc), [[JSON.stringify(['watch', 'p', 1]), project('p').watch]], 1_000);
      appendEdits(
        registersOf(doc),
        [[JSON.stringify(['segment', 'q', 2]), { id: 's', name: 'S', pattern: '/s/' }]],
        1_000,
      );
    });
    expect(read().projects).toEqual([]);
  });
});

describe('the saved views kept in the workspace', () => {
  const views = (doc: Y.Doc) => viewEntriesOf(registersOf(doc));
  const write = (doc: Y.Doc, entries: unknown[], at: number) =>
    doc.transact(() => writeViewEntries(registersOf(doc), entries, at));
  const view = (id: string) => ({ id, name: id.toUpperCase(), href: '/reports' });

  it('a view deleted on one side is gone on both', () => {
    const [ana, ben] = [analyst(), analyst()];
    write(ana.doc, [view('a'), view('b'), view('c')], 1_000);
    meet(ana.doc, ben.doc);
    write(ana.doc, [view('a'), view('c')], 2_000);
    meet(ana.doc, ben.doc);
    for (const side of [ana, ben]) expect(views(side.doc)).toEqual([view('a'), view('c')]);
  });

  it('a view moved stays where it was put; the list written again unchanged writes nothing', () => {
    const { doc } = analyst();
    write(doc, [view('a'), view('b'), view('c')], 1_000);
    write(doc, [view('c'), view('a'), view('b')], 2_000);
    expect(views(doc)).toEqual([view('c'), view('a'), view('b')]);
    const before = Y.encodeStateVector(doc);
    write(doc, [view('c'), view('a'), view('b')], 3_000);
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });

  it('entries without a usable id (broken ones) are each kept, in their place', () => {
    const { doc } = analyst();
    const entries = [{ name: 'No id' }, view('a'), { id: '', name: 'Empty id' }, { id: '', name: 'Empty too' }];
    write(doc, [...entries, { id: 7, name: 'Number' }, 'text'], 1_000);
    expect(views(doc)).toEqual([...entries, { id: 7, name: 'Number' }, 'text']);
  });

  it('an entry that holds nothing (null, undefined) is no view; the others are written', () => {
    const { doc } = analyst();
    write(doc, [null, view('a'), undefined, view('b')], 1_000);
    expect(views(doc)).toEqual([view('a'), view('b')]);
  });

  it('lists at most 500 views, the first in their places: a runaway list stays bounded', () => {
    const { doc } = analyst();
    const many = Array.from({ length: 501 }, (_, index) => view(`v${index}`));
    write(doc, many, 1_000);
    expect(views(doc)).toEqual(many.slice(0, 500));
  });

  it("the workspace's other pieces never count as views, even under a view's id", () => {
    const { doc, change } = analyst();
    write(doc, [view('a'), view('b')], 1_000);
    change((draft) => {
      draft.notes.push(note('a'));
      draft.marks.seen.push('a');
    }, 2_000);
    expect(views(doc)).toEqual([view('a'), view('b')]);
  });
});
