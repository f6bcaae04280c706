import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { showReport } from '../../src/api/reports';
import { getConnection } from '../../src/features/connection';
import { createJobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore } from '../../src/features/jobs/job-store';
import { createPreviousResults } from '../../src/features/kept-results/previous-results';
import { connectSimulator } from '../helpers/render-app';

// What a job's re-analysis kept goes to the team with code that comes when first needed: out of
// reach (offline, a newer deployment), the page is analysed all the same and what it replaced is
// kept on this device (the report's page shares it when next opened).

vi.mock('../../src/features/jobs/team-share', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

it('a job’s re-analysis goes on, and keeps what it replaced, without the code that shares it', async () => {
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
  expect((await createPreviousResults().read(getConnection(), report.id))?.report).toEqual(report);
});
