import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import * as Y from 'yjs';
import type { Report } from '../../src/api';
import { getConnection } from '../../src/features/connection';
import { createPreviousResults, previousResults } from '../../src/features/kept-results/previous-results';
import { reportQueries } from '../../src/features/reports';
import { keyOf } from '../../src/features/workspace/pieces';
import { appendEdits, readRegisters, registersOf, valueOf } from '../../src/features/workspace/registers';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { renderApp } from '../helpers/render-app';

// The results a page had before its re-analysis, shared with the team (issue 38, decision 115):
// a colleague's reach this device's report page; this device's reach the team once it is joined.

const team = vi.hoisted(() => ({ kind: 'alone' as 'alone' | 'joined' }));
vi.mock('../../src/features/workspace/team', async (original) => ({
  ...(await original<typeof import('../../src/features/workspace/team')>()),
  useTeamStatus: () => (team.kind === 'joined' ? { kind: 'joined', address: 'ws://team.example' } : { kind: 'alone' }),
}));

vi.setConfig({ testTimeout: 30_000 });
const READ = { timeout: 10_000 };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  team.kind = 'alone';
});
afterEach(() => forgetWorkspaceInMemory());

async function reportPage() {
  const app = renderApp('/reports', { before: [] });
  const record = app.simulator.store.reports().find((candidate) => Object.keys(candidate.results).length > 3)!;
  await act(() => app.router.navigate(`/reports/${record.id}`));
  await screen.findByRole('heading', { level: 1, name: /^Report for / }, READ);
  const report = app.queryClient.getQueryData(reportQueries.detail(String(record.id)).queryKey) as Report;
  await waitFor(() => expect(workspaceStore().current()).not.toBeNull());
  return { ...app, report, doc: workspaceStore().current()!.doc.doc };
}

/** The same page before a re-analysis: 12 points lower, its first passing check failing then. */
function earlierRunOf(report: Report): Report {
  const flipped = report.checks.find((check) => check.passed === true)!;
  return {
    ...report,
    score: (report.score ?? 50) - 12,
    generatedAt: '2026-10-01T08:00:00.000Z',
    checks: report.checks.map((check) => (check === flipped ? { ...check, passed: false } : check)),
  };
}

/** What a colleague's device writes, reaching this one through the sync server. */
async function fromColleague(doc: Y.Doc, key: string, value: unknown) {
  const theirs = new Y.Doc();
  Y.applyUpdate(theirs, Y.encodeStateAsUpdate(doc));
  theirs.transact(() => appendEdits(registersOf(theirs), [[key, value]], Date.now()));
  // The shell's parts that follow the workspace (what needs attention) render with it.
  await act(async () => {
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(theirs));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const sharedOf = (doc: Y.Doc, id: string) => valueOf(readRegisters(registersOf(doc)).get(keyOf(['before', id])));

describe('results before a re-analysis, shared with the team', () => {
  it('shows a colleague’s on a device that kept none, and ignores one that cannot be read', async () => {
    const { report, doc } = await reportPage();
    expect(screen.queryByText(/^Since the previous analysis/)).toBeNull();

    // A hostile or broken peer first: no change line, nothing breaks.
    await fromColleague(doc, keyOf(['before', report.id]), {
      report: { ...report, checks: 'all passed' },
      keptAt: new Date().toISOString(),
    });
    await fromColleague(doc, keyOf(['before', 'another-report']), {
      report: earlierRunOf(report),
      keptAt: new Date().toISOString(),
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/^Since the previous analysis/)).toBeNull();

    await fromColleague(doc, keyOf(['before', report.id]), {
      report: earlierRunOf(report),
      keptAt: new Date().toISOString(),
    });
    expect(await screen.findByText(/^Since the previous analysis/, undefined, READ)).toHaveTextContent(
      `score ${(report.score ?? 50) - 12} → ${report.score} (+12), 1 fixed, 0 newly failing.`,
    );
    // The team's copy stays the team's: nothing is written to this device's own store.
    expect(await act(() => createPreviousResults().read(getConnection(), report.id))).toBeNull();
  });

  it('passes over a team copy that is no earlier run (a refused re-analysis leaves one)', async () => {
    team.kind = 'joined';
    const { report, doc } = await reportPage();
    const kept = { report: earlierRunOf(report), keptAt: '2026-11-20T10:00:00.000Z' };
    await act(() => previousResults.restore(getConnection(), report.id, kept));
    await waitFor(() => expect(sharedOf(doc, report.id)).toEqual(kept));
    // Another device kept the current results before a re-analysis the service then refused.
    const current = { report, keptAt: new Date().toISOString() };
    await fromColleague(doc, keyOf(['before', report.id]), current);
    // This device's real earlier run still shows, and is not shared over the colleague's copy.
    expect(screen.getByText(/^Since the previous analysis/)).toHaveTextContent(
      `score ${(report.score ?? 50) - 12} → ${report.score} (+12)`,
    );
    expect(sharedOf(doc, report.id)).toEqual(current);
  });

  it('keeps what this device kept to itself while the team is not joined', async () => {
    const { report, doc } = await reportPage();
    const kept = { report: earlierRunOf(report), keptAt: '2026-11-20T10:00:00.000Z' };
    await act(() => previousResults.restore(getConnection(), report.id, kept));
    expect(await screen.findByText(/^Since the previous analysis/, undefined, READ)).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sharedOf(doc, report.id)).toBeUndefined();
  });

  it('shares what this device kept once the team is joined, and the later of the two shows', async () => {
    team.kind = 'joined';
    const { report, doc } = await reportPage();
    // Kept here (before joining, or by a re-analysis started here): it reaches the team.
    const kept = { report: earlierRunOf(report), keptAt: '2026-11-20T10:00:00.000Z' };
    await act(() => previousResults.restore(getConnection(), report.id, kept));
    await waitFor(() => expect(sharedOf(doc, report.id)).toEqual(kept));

    // A colleague's later one replaces it for the team, and shows here over this device's.
    const later = {
      report: { ...earlierRunOf(report), score: (report.score ?? 50) - 30 },
      keptAt: new Date().toISOString(),
    };
    await fromColleague(doc, keyOf(['before', report.id]), later);
    await waitFor(() =>
      expect(screen.getByText(/^Since the previous analysis/)).toHaveTextContent(
        `score ${(report.score ?? 50) - 30} → ${report.score} (+30)`,
      ),
    );
    // This device's older one is not written over the team's.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sharedOf(doc, report.id)).toEqual(later);
  });
});
