import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { showReport } from '../../src/api/reports';
import { createJobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore } from '../../src/features/jobs/job-store';
import { connectSimulator } from '../helpers/render-app';

// The code that keeps a re-analysis's results before it comes when first needed: out of reach
// (offline, a newer deployment), the page is analysed all the same.

vi.mock('../../src/features/jobs/results-before', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

it('a job’s re-analysis goes on without the code that keeps what it replaces', async () => {
  const { simulator } = connectSimulator({ analysisDelayMs: 0 });
  const report = await showReport(String(simulator.store.reports()[0]!.id));
  const queue = createJobQueue({
    store: indexedDbJobStore('jobs-out-of-reach'),
    connection: () => 'http://api.test',
    locks: null,
  });
  const job = await queue.start(
    { kind: 'reanalyse' },
    'Re-analyse one',
    [{ key: report.id, label: report.url, previousGeneratedAt: report.generatedAt }],
    [report],
  );
  await vi.waitFor(() => {
    const items = queue.getSnapshot().find((candidate) => candidate.id === job.id)?.items;
    expect(items?.map((item) => item.status)).toEqual(['done']);
  });
  expect(simulator.store.get(Number(report.id))?.generated_at).not.toBe(report.generatedAt);
});
