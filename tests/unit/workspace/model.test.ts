// @vitest-environment node
import {
  emptyWorkspace,
  isCalendarDate,
  notesOf,
  parseWorkspace,
  WORKSPACE_VERSION,
} from '../../../src/features/workspace/model';

describe('reading the stored workspace', () => {
  it('starts afresh from garbage or another version', () => {
    for (const stored of [undefined, null, 42, 'text', [], { version: 2, projects: [] }, { projects: [] }]) {
      expect(parseWorkspace(stored)).toEqual(emptyWorkspace());
    }
  });

  it('keeps what it can read and leaves out each broken entry on its own', () => {
    const parsed = parseWorkspace({
      version: WORKSPACE_VERSION,
      connection: 'http://a.test|abc',
      projects: [
        { project: 'a.example', watch: { target: 80, newHighFailures: false, dropPoints: 15 } },
        { project: 'a.example', watch: { target: 10 } }, // a second entry for the same project
        { project: 42 },
        null,
        { project: '__proto__', watch: { target: 'high', newHighFailures: 'yes', dropPoints: -3 } },
        {
          project: 'b.example',
          watch: { target: 101, dropPoints: null },
          plan: {
            cadence: 'weekly',
            scope: { kind: 'failing', check: 'title' },
            automatic: true,
            lastStartedAt: 'soon',
          },
        },
        { project: 'c.example', plan: { cadence: 'hourly', scope: { kind: 'every-page' } } },
      ],
      marks: { lastLookedAt: 'not a date', seen: ['x', 'x', 3, 'y'] },
      notes: [
        { id: 'n1', date: '2026-11-02', text: '  Site migration  ', project: null },
        { id: 'n2', date: '2026-02-30', text: 'no such day', project: null },
        { id: 'n3', date: '2026-11-03', text: '   ', project: 'a.example' },
        { id: 'n1', date: '2026-11-04', text: 'same id again', project: null },
        { id: 'n4', date: '2026-11-01', text: '<img src=x onerror=alert(1)>', project: 'a.example' },
        { id: 'n5', date: '2026-11-05', text: 'bad project', project: 7 },
      ],
    });
    expect(parsed.connection).toBe('http://a.test|abc');
    expect(parsed.projects.map((entry) => entry.project)).toEqual(['a.example', '__proto__', 'b.example', 'c.example']);
    expect(parsed.projects[0]?.watch).toEqual({ target: 80, newHighFailures: false, dropPoints: 15 });
    // Unreadable values fall back to the defaults, one by one.
    expect(parsed.projects[1]?.watch).toEqual({ target: null, newHighFailures: true, dropPoints: 10 });
    expect(parsed.projects[2]?.watch).toEqual({ target: null, newHighFailures: true, dropPoints: null });
    expect(parsed.projects[2]?.plan).toEqual({
      cadence: 'weekly',
      scope: { kind: 'failing', check: 'title' },
      privacy: 'private',
      automatic: true,
      paused: false,
      lastStartedAt: null,
    });
    expect(parsed.projects[3]?.plan).toBeNull();
    expect(parsed.marks).toEqual({ lastLookedAt: null, seen: ['x', 'y'] });
    expect(parsed.notes.map((note) => note.id)).toEqual(['n1', 'n4']);
    expect(parsed.notes[0]?.text).toBe('Site migration');
    // Text stays text: it is shown as such, never as markup.
    expect(parsed.notes[1]?.text).toBe('<img src=x onerror=alert(1)>');
  });

  it("gives a new value on every read: a change to one (a store's draft) never reaches the next", () => {
    const garbage = { version: WORKSPACE_VERSION, projects: [{ project: 'a.example', watch: 'x', checks: 7 }] };
    const first = parseWorkspace(garbage);
    first.projects[0]!.watch.target = 50;
    first.projects[0]!.plan = null;
    first.marks.seen.push('seen');
    first.notes.push({ id: 'n', date: '2026-11-01', text: 'note', project: null });
    const again = parseWorkspace(garbage);
    expect(again.projects[0]?.watch).toEqual({ target: null, newHighFailures: true, dropPoints: 10 });
    expect(again.marks.seen).toEqual([]);
    expect(again.notes).toEqual([]);
    const empty = parseWorkspace(null);
    empty.projects.push({
      project: 'b.example',
      watch: { target: 1, newHighFailures: true, dropPoints: 10 },
      plan: null,
    });
    expect(parseWorkspace(null)).toEqual(emptyWorkspace());
  });

  it('leaves out a note without its project key and a plan without a check to fail', () => {
    const parsed = parseWorkspace({
      version: WORKSPACE_VERSION,
      projects: [
        { project: 'a.example', plan: { cadence: 'weekly', scope: { kind: 'failing', check: '' } } },
        { project: 'b.example', plan: { cadence: 'monthly', scope: { kind: 'failing' } } },
        { project: 'c.example', plan: { cadence: 'monthly', scope: 'every-page' } },
      ],
      notes: [{ id: 'n1', date: '2026-11-02', text: 'Site migration' }],
    });
    expect(parsed.projects.map((entry) => entry.plan)).toEqual([null, null, null]);
    expect(parsed.notes).toEqual([]);
  });

  it('tells real calendar dates', () => {
    expect(isCalendarDate('2026-11-26')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate(20261126)).toBe(false);
  });

  it("gives a project's notes with the account's own, oldest first", () => {
    const workspace = {
      ...emptyWorkspace('demo'),
      notes: [
        { id: '1', date: '2026-11-10', text: 'b', project: 'b.example' },
        { id: '2', date: '2026-11-09', text: 'core update', project: null },
        { id: '3', date: '2026-11-01', text: 'a', project: 'a.example' },
      ],
    };
    expect(notesOf(workspace, 'a.example').map((note) => note.id)).toEqual(['3', '2']);
    expect(notesOf(workspace).map((note) => note.id)).toEqual(['3', '2', '1']);
  });
});
