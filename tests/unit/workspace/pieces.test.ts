// @vitest-environment node
import * as Y from 'yjs';
import { emptyWorkspace, type Workspace } from '../../../src/features/workspace/model';
import { piecesOf, workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import { editsOf, HISTORY_LENGTH, registersOf, valueOf } from '../../../src/features/workspace/registers';
import { viewEntriesOf, writeViewEntries } from '../../../src/features/workspace/views';

// Two analysts' copies of one account's document, each edited apart (offline), then merged as
// the sync server merges them: each side gets the other's updates.

function analyst() {
  const doc = new Y.Doc();
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

  it('the same field edited on both sides: the later edit wins, the other stays in its history', () => {
    const [ana, ben] = [analyst(), analyst()];
    ana.change((draft) => void draft.projects.push(project('shop.example')), 1_000);
    meet(ana.doc, ben.doc);

    // Ben edits later by the clock, but his update reaches Ana first: the clock decides, not arrival.
    ben.change((draft) => void (draft.projects[0]!.watch.target = 70), 3_000);
    ana.change((draft) => void (draft.projects[0]!.watch.target = 90), 2_000);
    meet(ben.doc, ana.doc);

    for (const side of [ana, ben]) expect(side.read().projects[0]!.watch.target).toBe(70);
    const register = registersOf(ana.doc).get(JSON.stringify(['watch', 'shop.example']));
    expect(editsOf(register).map((edit) => (edit.value as { target: number | null }).target)).toEqual([null, 90, 70]);
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
    const touched = [...registersOf(doc).entries()].filter(([, register]) => editsOf(register).length > 1);
    expect(touched.map(([key]) => key)).toEqual([JSON.stringify(['watch', 'b.example'])]);
  });

  it('keeps a short history, whatever the number of edits', () => {
    const { doc, change } = analyst();
    for (let at = 1; at <= 20; at += 1)
      change((draft) => void (draft.branding = { agencyName: `Agency ${at}` } as Workspace['branding']), at * 1_000);
    const register = registersOf(doc).get(JSON.stringify(['branding']));
    expect(editsOf(register)).toHaveLength(HISTORY_LENGTH);
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
