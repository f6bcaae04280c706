import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { listReports, showReport } from '../../src/api/reports';
import type { Report } from '../../src/api';
import { getConnection } from '../../src/features/connection';
import type { JobItem, JobSpec } from '../../src/features/jobs/job-model';
import { reportQueries } from '../../src/features/reports';
import { createJobQueue, type JobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore } from '../../src/features/jobs/job-store';
import { createPreviousResults, previousResults } from '../../src/features/kept-results/previous-results';
import { readSharedResultBefore } from '../../src/features/workspace/results-before';
import { readRegisters, registersOf } from '../../src/features/workspace/registers';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { whenOver } from '../helpers/jobs';
import { connectSimulator } from '../helpers/render-app';

// A job's re-analysis keeps the results it overwrites, as a report's page does, and shares them
// with the account's team when one is set on this device (issue 38, decision 115).

vi.setConfig({ testTimeout: 30_000 });

let dbCount = 0;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});
afterEach(() => forgetWorkspaceInMemory());

function newQueue(queryClient?: QueryClient): JobQueue {
  return createJobQueue({
    store: indexedDbJobStore(`jobs-before-${(dbCount += 1)}`),
    connection: () => 'http://api.test',
    queryClient,
    concurrency: 2,
    locks: null,
    recheckAfterMs: 10,
  });
}

const itemOf = (report: Report): Omit<JobItem, 'status'> => ({
  key: report.id,
  label: report.url,
  previousGeneratedAt: report.generatedAt,
});

/**
 * Two reports as the list showed them (from the `from`th: each test its own, as the store of kept
 * results is one per page), and a re-analysis of both, over.
 */
async function reanalyseTwo(from: number, options: { refuse?: boolean; queryClient?: QueryClient } = {}) {
  const { simulator } = connectSimulator({ analysisDelayMs: 0 });
  const ids = simulator.store
    .reports()
    .slice(from, from + 2)
    .map((record) => String(record.id));
  const reports = await Promise.all(ids.map((id) => showReport(id)));
  if (options.refuse) simulator.faults.next({ kind: '500', method: 'PATCH', path: `/api/v1/reports/${ids[0]}` });
  const queue = newQueue(options.queryClient);
  const job = await queue.start({ kind: 'reanalyse' }, 'Re-analyse two', reports.map(itemOf), reports);
  const over = await whenOver(queue, job.id);
  return { simulator, reports, over, queue, job };
}

const keptOf = (id: string) => previousResults.read(getConnection(), id);

describe('a job’s re-analysis keeps the results it replaces', () => {
  it('keeps each report’s results as they were, where a reload finds them', async () => {
    const { simulator, reports, over } = await reanalyseTwo(0);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'done']);
    for (const report of reports) {
      // Analysed again by the service…
      expect(simulator.store.get(Number(report.id))?.generated_at).not.toBe(report.generatedAt);
      // …and the run before it kept on this device, in IndexedDB (a new page's store reads it).
      const kept = await createPreviousResults().read(getConnection(), report.id);
      expect(kept?.report).toEqual(report);
    }
  });

  it('a refused re-analysis puts back what was kept before it', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const first = simulator.store.reports()[2];
    const older = { ...(await showReport(String(first!.id))), generatedAt: '2025-01-01T00:00:00.000Z' };
    await previousResults.keep(getConnection(), older);
    const keptBefore = await keptOf(older.id);

    const { reports, over } = await reanalyseTwo(2, { refuse: true });
    expect(over.items.map((item) => item.status)).toEqual(['failed', 'done']);
    expect(await keptOf(reports[0]!.id)).toEqual(keptBefore);
    expect((await keptOf(reports[1]!.id))?.report).toEqual(reports[1]);
  });

  it('a bulk create that analyses an existing report again keeps that report’s results', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const url = `https://${simulator.store.reports()[10]!.url}`;
    const queue = newQueue();
    const spec: JobSpec = { kind: 'create', privacy: 'public', existing: 'reanalyse' };
    // The page's report the job finds (its newest run), as it is before the job.
    const existing = (await listReports({ search: url.replace('https://', '') })).items[0]!;
    const job = await queue.start(spec, 'Create', [{ key: url, label: url, url }]);
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => [item.status, item.why, item.reportId])).toEqual([
      ['done', 'analysed-existing', existing.id],
    ]);
    expect(simulator.store.get(Number(existing.id))?.generated_at).not.toBe(existing.generatedAt);
    expect((await keptOf(existing.id))?.report).toEqual(existing);
  });

  it('keeps the run this tab read last: a newer one than the job started on, seen in its lists', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const id = String(simulator.store.reports()[4]!.id);
    const startedOn = await showReport(id);
    // A colleague analysed it again after the job started; the lists the queue refreshes read it.
    const newer = { ...startedOn, score: 12, generatedAt: '2026-11-01T00:00:00.000Z' };
    const queryClient = new QueryClient();
    queryClient.setQueryData(reportQueries.list({}).queryKey, {
      items: [newer],
      currentPage: 1,
      lastPage: 1,
      perPage: 25,
      total: 1,
      from: 1,
      to: 1,
    });
    const queue = newQueue(queryClient);
    const job = await queue.start({ kind: 'reanalyse' }, 'Re-analyse one', [itemOf(startedOn)], [startedOn]);
    expect((await whenOver(queue, job.id)).items[0]?.status).toBe('done');
    expect((await keptOf(id))?.report).toEqual(newer);
  });
});

describe('and shares them with the team', () => {
  /** What the team would read of each report, once the job's writes have settled. */
  async function teamsCopies(ids: string[]) {
    const store = workspaceStore();
    await store.ready;
    const doc = store.current()!.doc.doc;
    return ids.map((id) => readSharedResultBefore(readRegisters(registersOf(doc)), id));
  }

  it('when this account has a team on this device', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const store = workspaceStore();
    await store.ready;
    await store.current()!.doc.writeLocal('team', { address: 'ws://team.example', token: 'team-a' });

    const { reports } = await reanalyseTwo(6);
    await vi.waitFor(async () => {
      const copies = await teamsCopies(reports.map((report) => report.id));
      expect(copies.map((copy) => copy?.report)).toEqual(reports);
    });
  });

  it('not when it has none: the device’s store is their only home', async () => {
    const { reports } = await reanalyseTwo(8);
    expect((await keptOf(reports[0]!.id))?.report).toEqual(reports[0]);
    // Time for a share that should not come.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await teamsCopies(reports.map((report) => report.id))).toEqual([null, null]);
  });
});
