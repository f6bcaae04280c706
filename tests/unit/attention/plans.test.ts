import 'fake-indexeddb/auto';
import { runDuePlansWith, type RunDeps } from '../../../src/features/attention/plan-runs';
import { isDue, nextDueAt, planPages } from '../../../src/features/attention/plans';
import type { ProjectSnapshot, ReadReport } from '../../../src/features/audit';
import { claimPlanRun } from '../../../src/features/workspace/actions';
import type { ReanalysisPlan } from '../../../src/features/workspace/model';
import { createWorkspaceStore } from '../../../src/features/workspace/store';

const plan = (change: Partial<ReanalysisPlan> = {}): ReanalysisPlan => ({
  cadence: 'weekly',
  scope: { kind: 'every-page' },
  privacy: 'private',
  automatic: true,
  paused: false,
  lastStartedAt: null,
  ...change,
});

const run = (id: number, url: string, day: string, failing: string[] = []): ReadReport =>
  ({
    id: String(id),
    url,
    project: 'a.example',
    score: 80,
    rating: 'good',
    generatedAt: `${day}T10:00:00Z`,
    createdAt: `${day}T10:00:00Z`,
    problems: failing.map((name) => ({ name, passed: false, importance: 'high', value: null, errors: [] })),
  }) as unknown as ReadReport;

const site: ProjectSnapshot = {
  project: 'a.example',
  total: 3,
  readAt: '2026-11-26T00:00:00Z',
  reports: [
    run(1, 'https://a.example/', '2026-11-01', ['title']),
    run(2, 'https://a.example/', '2026-11-10'),
    run(3, 'https://a.example/blog', '2026-11-10', ['title']),
  ],
};

describe('re-analysis plans', () => {
  it('are due a week or a calendar month after their last start, else after the last analysis', () => {
    expect(nextDueAt(plan(), '2026-11-10T10:00:00Z')).toBe(Date.parse('2026-11-17T10:00:00Z'));
    expect(nextDueAt(plan({ lastStartedAt: '2026-11-20T00:00:00Z' }), '2026-11-10T10:00:00Z')).toBe(
      Date.parse('2026-11-27T00:00:00Z'),
    );
    const monthly = new Date(
      nextDueAt(plan({ cadence: 'monthly', lastStartedAt: new Date(2027, 0, 31).toISOString() }), null),
    );
    expect([monthly.getMonth(), monthly.getDate()]).toEqual([1, 28]);
    expect(isDue(plan(), '2026-11-10T10:00:00Z', Date.parse('2026-11-18T00:00:00Z'))).toBe(true);
    expect(isDue(plan({ paused: true }), '2026-11-10T10:00:00Z', Date.parse('2026-11-18T00:00:00Z'))).toBe(false);
  });

  it('take one page per address, or the pages whose latest run fails the chosen check', () => {
    expect(planPages(plan(), site)).toEqual(['https://a.example/', 'https://a.example/blog']);
    // The home page failed "title" in an older run only.
    expect(planPages(plan({ scope: { kind: 'failing', check: 'title' } }), site)).toEqual(['https://a.example/blog']);
  });

  it('start a due plan once when two tabs find it due at the same moment', async () => {
    const browser = { deviceName: 'plans-test', oldRecords: null };
    const connection = () => ({ mode: 'demo' }) as const;
    const tab = () => createWorkspaceStore({ ...browser, connection, subscribeToConnection: () => () => undefined });
    const [first, second] = [tab(), tab()];
    await Promise.all([first.ready, second.ready]);
    await first.change(
      (draft) =>
        void draft.projects.push({
          project: 'a.example',
          watch: { target: null, newHighFailures: true, dropPoints: 10 },
          plan: plan(),
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = second.read().workspace.projects;
    expect(entries).toHaveLength(1);

    const started: string[] = [];
    const deps = (store: typeof first): RunDeps => ({
      claim: (project, saw, at) => claimPlanRun(project, saw, at, store),
      start: async (project, _plan, urls) => void started.push(`${project}: ${urls.length}`),
    });
    const now = new Date('2026-11-26T12:00:00Z');
    await Promise.all([
      runDuePlansWith(deps(first), first.read().workspace.projects, [site], now),
      runDuePlansWith(deps(second), entries, [site], now),
    ]);
    expect(started).toEqual(['a.example: 2']);
    // Started: not due again until a week later, in either tab.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runDuePlansWith(deps(second), second.read().workspace.projects, [site], now);
    expect(started).toHaveLength(1);
    expect(second.read().workspace.projects[0]?.plan?.lastStartedAt).toBe(now.toISOString());
  });
});
