// The audit's index reads the connection from sessionStorage when it loads: a page, not Node.
import type { Check } from '../../../src/api';
import { needsAttention } from '../../../src/features/attention/attention';
import type { ProjectSnapshot, ReadReport } from '../../../src/features/audit';
import { emptyWorkspace, type Workspace } from '../../../src/features/workspace/model';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const LOOKED = '2026-11-20T00:00:00Z';

const failing = (name: string, importance: Check['importance'] = 'high'): Check =>
  ({ name, passed: false, importance, value: null, errors: [] }) as unknown as Check;

function run(id: number, url: string, day: string, score: number | null, problems: Check[] = []): ReadReport {
  return {
    id: String(id),
    url,
    project: 'a.example',
    score,
    rating: null,
    generatedAt: `${day}T10:00:00Z`,
    createdAt: `${day}T10:00:00Z`,
    problems,
  } as unknown as ReadReport;
}

const snapshot = (reports: ReadReport[], project = 'a.example'): ProjectSnapshot => ({
  project,
  reports,
  total: reports.length,
  readAt: '2026-11-26T11:00:00Z',
});

/** Before the last look: three pages; after it: one falls 20 points, one newly fails a high check. */
const site = snapshot([
  run(1, 'https://a.example/', '2026-11-10', 90),
  run(2, 'https://a.example/blog', '2026-11-10', 80),
  run(3, 'https://a.example/shop', '2026-11-10', 70, [failing('title', 'high')]),
  run(4, 'https://a.example/', '2026-11-24', 70),
  run(5, 'https://a.example/blog', '2026-11-24', 78, [failing('canonical', 'high'), failing('alt', 'low')]),
  run(6, 'https://a.example/shop', '2026-11-24', 72, [failing('title', 'high')]),
]);

const looked = (change: Partial<Workspace> = {}): Workspace => ({
  ...emptyWorkspace('demo'),
  marks: { lastLookedAt: LOOKED, seen: [] },
  ...change,
});

describe('what needs attention since the analyst last looked', () => {
  it('flags big drops and pages newly failing a high-importance check, not what failed before or low ones', () => {
    const attention = needsAttention([site], looked(), NOW);
    expect(attention.sinceLastLook).toBe(true);
    expect(attention.projects).toEqual(['a.example']);
    expect(attention.items.map((item) => item.kind)).toEqual(['new-failure', 'drop']);
    const [failure, drop] = attention.items;
    expect(failure).toMatchObject({ check: 'canonical', pages: [{ url: 'https://a.example/blog', reportId: '5' }] });
    expect(drop).toMatchObject({
      points: 10,
      pages: [{ url: 'https://a.example/', before: 90, after: 70, reportId: '4' }],
    });
  });

  it('flags a target missed, and follows what the analyst chose to flag', () => {
    const workspace = looked({
      projects: [{ project: 'a.example', watch: { target: 75, newHighFailures: false, dropPoints: 25 }, plan: null }],
    });
    const attention = needsAttention([site], workspace, NOW);
    // Health now: (70 + 78 + 72) / 3 = 73.3, below 75; the 20-point drop is under 25.
    expect(attention.items).toEqual([expect.objectContaining({ kind: 'target', target: 75, health: 220 / 3 })]);
  });

  it('moves an item marked seen out of the new ones, and brings it back when a new run changes it', () => {
    const first = needsAttention([site], looked(), NOW);
    const drop = first.items.find((item) => item.kind === 'drop')!;
    const marked = needsAttention([site], looked({ marks: { lastLookedAt: LOOKED, seen: [drop.id] } }), NOW);
    expect(marked.items.map((item) => item.kind)).toEqual(['new-failure']);
    expect(marked.seen.map((item) => item.id)).toEqual([drop.id]);

    // Another page falls later: the drop is news again.
    const later = snapshot([...site.reports, run(7, 'https://a.example/shop', '2026-11-25', 50)]);
    const again = needsAttention([later], looked({ marks: { lastLookedAt: LOOKED, seen: [drop.id] } }), NOW);
    expect(again.items.find((item) => item.kind === 'drop')).toMatchObject({ pages: [{}, {}] });
  });

  it('shows nothing new once everything is marked seen, and looks back 30 days before the first look', () => {
    expect(
      needsAttention([site], looked({ marks: { lastLookedAt: '2026-11-25T00:00:00Z', seen: [] } }), NOW).items,
    ).toEqual([]);
    const first = needsAttention([site], emptyWorkspace('demo'), NOW);
    expect(first.sinceLastLook).toBe(false);
    expect(first.since).toBe(NOW - 30 * 24 * 60 * 60 * 1000);
  });

  it('says which projects it covers, and copes with a project of one run and runs without a score', () => {
    const single = snapshot([run(10, 'https://b.example/', '2026-11-24', null)], 'b.example');
    const attention = needsAttention([single, site], looked(), NOW);
    expect(attention.projects).toEqual(['a.example', 'b.example']);
    expect(attention.items.every((item) => item.project === 'a.example')).toBe(true);
  });
});
