import { mergeWorkspace } from '../../../src/features/workspace/merge';
import { DEFAULT_WATCH, emptyWorkspace, type Workspace } from '../../../src/features/workspace/model';
import { mergeByKey } from '../../../src/lib/merge-by-key';

const note = (id: string, text: string, date = '2026-11-02') => ({ id, date, text, project: null });
const watched = (project: string, target: number | null) => ({
  project,
  watch: { ...DEFAULT_WATCH, target },
  plan: null,
});

function device(): Workspace {
  return {
    ...emptyWorkspace('demo'),
    projects: [watched('shop.example', 80), watched('blog.example', 70), watched('docs.example', 60)],
    marks: { lastLookedAt: '2026-11-20T10:00:00.000Z', seen: ['a'] },
    notes: [note('n1', 'Site migration'), note('n2', 'Core update')],
  };
}

describe('merging a workspace from a file into this device’s', () => {
  it('replaces same-named projects and same-id notes, adds the others, deletes nothing', () => {
    const file: Workspace = {
      ...emptyWorkspace(null),
      // shop: the same; blog: another target; news: new.
      projects: [watched('shop.example', 80), watched('blog.example', 90), watched('news.example', null)],
      notes: [note('n2', 'Core update, rolled back'), note('n3', 'New theme')],
    };
    const { merged, changes } = mergeWorkspace(device(), file);
    expect(changes).toEqual([
      { field: 'projects', kind: 'entries', added: ['news.example'], replaced: ['blog.example'], kept: 2 },
      // The file's marks are empty: this device's stay.
      { field: 'marks', kind: 'whole', outcome: 'kept' },
      {
        field: 'notes',
        kind: 'entries',
        added: ['2026-11-02: New theme'],
        replaced: ['2026-11-02: Core update, rolled back'],
        kept: 1,
      },
      // A field of the model the file leaves empty (the branding): this device's stays.
      { field: 'branding', kind: 'whole', outcome: 'kept' },
    ]);
    expect(merged.projects.map((entry) => [entry.project, entry.watch.target])).toEqual([
      ['shop.example', 80],
      ['blog.example', 90],
      ['docs.example', 60],
      ['news.example', null],
    ]);
    expect(merged.notes.map((n) => n.text)).toEqual(['Site migration', 'Core update, rolled back', 'New theme']);
    expect(merged.marks).toEqual(device().marks);
    // The connection stays this device's: the import belongs to the current connection.
    expect(merged.connection).toBe('demo');
  });

  it('takes a top-level field whole: added when this device has none, replaced when it differs', () => {
    const marks = { lastLookedAt: '2026-11-25T10:00:00.000Z', seen: [] };
    expect(mergeWorkspace(emptyWorkspace('demo'), { ...emptyWorkspace(), marks }).changes).toContainEqual({
      field: 'marks',
      kind: 'whole',
      outcome: 'added',
    });
    const { merged, changes } = mergeWorkspace(device(), { ...emptyWorkspace(), marks });
    expect(changes).toContainEqual({ field: 'marks', kind: 'whole', outcome: 'replaced' });
    expect(merged.marks).toEqual(marks);
  });

  it('lets fields added to the model later travel without a change here', () => {
    // As the parsed workspace will carry them: a field per project (check settings, segments)
    // and a field of the whole workspace (a branding profile).
    const file = {
      ...emptyWorkspace(),
      projects: [{ ...watched('shop.example', 80), checks: { off: ['sitemap'] } }],
      branding: { agency: 'Fourth Coffee SEO' },
    } as unknown as Workspace;
    const { merged, changes } = mergeWorkspace(device(), file);
    expect(changes).toContainEqual({
      field: 'projects',
      kind: 'entries',
      added: [],
      replaced: ['shop.example'],
      kept: 2,
    });
    expect(changes).toContainEqual({ field: 'branding', kind: 'whole', outcome: 'added' });
    expect(merged.projects[0]).toMatchObject({ checks: { off: ['sitemap'] } });
    expect(merged).toMatchObject({ branding: { agency: 'Fourth Coffee SEO' } });
  });

  it('counts nothing when the file holds what this device keeps, whatever the order of keys', () => {
    const here = device();
    const reordered = JSON.parse(
      JSON.stringify({
        ...here,
        projects: here.projects.map(({ plan, watch, project }) => ({ plan, watch, project })),
      }),
    ) as Workspace;
    const { merged, changes } = mergeWorkspace(here, reordered);
    for (const change of changes)
      if (change.kind === 'entries') expect([change.added, change.replaced]).toEqual([[], []]);
      else expect(change.outcome).toBe('kept');
    expect(merged).toEqual(here);
  });
});

describe('merging entries by key', () => {
  it('keeps entries without a key in place and counts an incoming key once', () => {
    const result = mergeByKey(
      [
        { k: 'a', v: 1 },
        { k: null, v: 2 },
        { k: 'b', v: 3 },
      ],
      [
        { k: 'b', v: 4 },
        { k: 'b', v: 5 },
        { k: 'c', v: 6 },
      ],
      { keyOf: (entry) => entry.k },
    );
    expect(result.merged).toEqual([
      { k: 'a', v: 1 },
      { k: null, v: 2 },
      { k: 'b', v: 4 },
      { k: 'c', v: 6 },
    ]);
    expect(result.added).toEqual([{ k: 'c', v: 6 }]);
    expect(result.replaced).toEqual([{ k: 'b', v: 4 }]);
    expect(result.kept).toBe(2);
  });
});
