import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { setTransport } from '../../src/api';
import { duplicateQueries, reportQueries } from '../../src/features/reports';
import type { Job, JobItem, JobSpec } from '../../src/features/jobs/job-model';
import { createJobQueue, type JobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore, type JobStore } from '../../src/features/jobs/job-store';
import { createSimulator, type Simulator } from '../../src/simulator';
import { whenOver } from '../helpers/jobs';
import { connectSimulator } from '../helpers/render-app';

/**
 * The job queue against the simulated service: results per item, partial failure, retry,
 * cancel, lost answers settled by reading, and a reload in the middle of a bulk create that
 * creates no URL twice.
 */

let dbCount = 0;
const freshStore = () => indexedDbJobStore(`jobs-test-${(dbCount += 1)}`);

function newQueue(store: JobStore, queryClient?: QueryClient, concurrency = 2): JobQueue {
  return createJobQueue({
    store,
    connection: () => 'http://api.test',
    queryClient,
    concurrency,
    locks: null,
    recheckAfterMs: 10,
  });
}

const statuses = (job: Job) => Object.fromEntries(job.items.map((item) => [item.label, item.status]));
const seeded = createSimulator().store.reports();
const idItems = (ids: string[]): Omit<JobItem, 'status'>[] =>
  ids.map((id) => {
    const report = seeded.find((candidate) => String(candidate.id) === id)!;
    return { key: id, label: report.url, previousGeneratedAt: report.generated_at };
  });

describe('bulk actions: a result per item, partial failure, retry and cancel', () => {
  const actions: { spec: JobSpec; method: string; applied: (simulator: Simulator, id: string) => boolean }[] = [
    { spec: { kind: 'delete' }, method: 'DELETE', applied: (s, id) => s.store.get(Number(id)) === undefined },
    {
      spec: { kind: 'privacy', privacy: 'private' },
      method: 'PATCH',
      applied: (s, id) => s.store.get(Number(id))?.privacy === 1,
    },
    {
      spec: { kind: 'reanalyse' },
      method: 'PATCH',
      applied: (s, id) =>
        s.store.get(Number(id))?.generated_at !== seeded.find((r) => String(r.id) === id)?.generated_at,
    },
  ];

  for (const { spec, method, applied } of actions) {
    it(`${spec.kind}: one refused item fails with its reason, the rest are done; retry finishes it`, async () => {
      const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
      // Privacy starts public so that the change is visible.
      const ids = seeded
        .filter((r) => r.privacy === 0)
        .slice(0, 4)
        .map((r) => String(r.id));
      simulator.faults.next({ kind: '500', method, path: `/api/v1/reports/${ids[1]}` });
      const queue = newQueue(freshStore());
      const job = await queue.start(spec, `Bulk ${spec.kind}`, idItems(ids));
      const over = await whenOver(queue, job.id);

      expect(over.items.map((item) => item.status)).toEqual(['done', 'failed', 'done', 'done']);
      expect(over.items[1]!.reason).toMatch(/\w/);
      expect(ids.map((id) => applied(simulator, id))).toEqual([true, false, true, true]);

      queue.retry(job.id);
      const retried = await whenOver(queue, job.id);
      expect(retried.items.map((item) => item.status)).toEqual(['done', 'done', 'done', 'done']);
      expect(ids.every((id) => applied(simulator, id))).toBe(true);
      // Each report was written once, the refused one twice: nothing done was sent again.
      expect(requests.filter((r) => r.method === method)).toHaveLength(5);
    });

    it(`${spec.kind}: cancel stops what is not sent yet`, async () => {
      const { simulator, requests } = connectSimulator({ analysisDelayMs: 0, latencyMs: 20 });
      const ids = seeded
        .filter((r) => r.privacy === 0)
        .slice(0, 6)
        .map((r) => String(r.id));
      const queue = newQueue(freshStore(), undefined, 1);
      const job = await queue.start(spec, `Bulk ${spec.kind}`, idItems(ids));
      await new Promise<void>((resolve) => {
        const stop = queue.subscribe(() => {
          const current = queue.getSnapshot().find((candidate) => candidate.id === job.id);
          if (current?.items[0]?.status === 'done') {
            stop();
            resolve();
          }
        });
      });
      queue.cancel(job.id);
      const over = await whenOver(queue, job.id);
      const sent = requests.filter((r) => r.method === method).length;
      expect(over.state).toBe('cancelled');
      expect(over.items.filter((item) => item.status === 'cancelled').length).toBe(6 - sent);
      expect(sent).toBeLessThanOrEqual(2);
      expect(ids.filter((id) => applied(simulator, id))).toHaveLength(sent);
    });
  }
});

describe('bulk create', () => {
  it('an answer cut after the service created the report is settled by reading, never sent again', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    const queue = newQueue(freshStore(), undefined, 1);
    const urls = ['https://bulk-a.example/one', 'https://bulk-a.example/two'];
    const job = await queue.start(
      { kind: 'create', privacy: 'public', existing: 'create' },
      'Create 2 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );
    const over = await whenOver(queue, job.id);
    expect(statuses(over)).toEqual({ [urls[0]!]: 'done', [urls[1]!]: 'done' });
    expect(over.items[0]!.settledByReading).toBe(true);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(simulator.store.reports().filter((r) => r.url.startsWith('bulk-a.example/'))).toHaveLength(2);
  });

  it('a store sent twice: the item keeps what the one look found, and the report page will know it', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: 'apply-then-resend', method: 'POST' });
    const queryClient = new QueryClient();
    const queue = newQueue(freshStore(), queryClient, 1);
    const urls = ['https://bulk-d.example/one', 'https://bulk-d.example/two'];
    const job = await queue.start(
      { kind: 'create', privacy: 'public', existing: 'create' },
      'Create 2 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );
    const over = await whenOver(queue, job.id);
    const [older, newer] = simulator.store.reports().filter((r) => r.url === 'bulk-d.example/one');
    const [first, second] = over.items;
    expect(first?.reportId).toBe(String(newer?.id));
    const found = { checked: true, others: [{ id: String(older?.id), url: 'bulk-d.example/one' }] };
    expect(first?.duplicates).toEqual(found);
    expect(second?.duplicates).toEqual({ checked: true, others: [] });
    expect(queryClient.getQueryData(duplicateQueries.of(String(newer?.id)).queryKey)).toEqual(found);
    // One store sent per item, and one look for both once they are over: the newest reports.
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    const reads = requests.filter((r) => r.method === 'GET');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.url.searchParams.get('search')).toBeNull();
  });

  it('a reload while a store is on its way resumes the rest and creates no URL twice', async () => {
    const simulator = createSimulator({ validKeys: ['k'], analysisDelayMs: 0 });
    let posts = 0;
    let closeTheTab = false;
    setTransport({
      baseUrl: 'http://api.test',
      apiKey: 'k',
      fetch: async (input, init) => {
        if (init?.method === 'POST') posts += 1;
        const answer = simulator.fetch(input, init);
        // The service receives the second store and creates the report; the tab is closed
        // before the answer arrives: nothing ever comes back to this queue.
        if (init?.method === 'POST' && posts === 2) {
          closeTheTab = true;
          await answer;
          return new Promise<Response>(() => undefined);
        }
        return answer;
      },
    });
    const store = freshStore();
    const first = newQueue(store, undefined, 1);
    const urls = ['a', 'b', 'c', 'd'].map((letter) => `https://www.reload.example/${letter}/`);
    const job = await first.start(
      { kind: 'create', privacy: 'public', existing: 'create' },
      'Create 4 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );
    await vi.waitFor(() => expect(closeTheTab).toBe(true));
    // The old tab is gone: with one item at a time, it starts nothing more after the hung store.
    await vi.waitFor(async () =>
      expect((await store.all())[0]?.items.map((item) => item.status)).toEqual([
        'done',
        'sending',
        'pending',
        'pending',
      ]),
    );
    // Saved before it was sent: the reopened tab knows when to look from.
    expect((await store.all())[0]?.items[1]?.sentAt).toEqual(expect.any(Number));

    // The page opens again: the saved job resumes in a new queue.
    const second = newQueue(store, undefined, 1);
    await second.resumeSaved();
    const over = await whenOver(second, job.id);

    expect(over.items.map((item) => item.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(over.items[1]!.settledByReading).toBe(true);
    // Found by reading is a store seen to succeed too: it looked for a second report once.
    expect(over.items[1]!.duplicates).toEqual({ checked: true, others: [] });
    expect(posts).toBe(4);
    const created = simulator.store.reports().filter((r) => r.url.startsWith('reload.example/'));
    expect(created.map((r) => r.url).sort()).toEqual([
      'reload.example/a',
      'reload.example/b',
      'reload.example/c',
      'reload.example/d',
    ]);
  });

  it('skips or re-analyses a URL that already has a report', async () => {
    const { requests } = connectSimulator({ analysisDelayMs: 0 });
    const existing = seeded[0]!;
    const url = `https://${existing.url}`;
    for (const mode of ['skip', 'reanalyse'] as const) {
      const queue = newQueue(freshStore());
      const job = await queue.start({ kind: 'create', privacy: 'public', existing: mode }, 'Create', [
        { key: url, label: url, url },
      ]);
      const over = await whenOver(queue, job.id);
      expect(over.items[0]!.status).toBe(mode === 'skip' ? 'skipped' : 'done');
      // The newest report of that page (a page may have several runs).
      const newest = Math.max(...seeded.filter((r) => r.url === existing.url).map((r) => r.id));
      expect(over.items[0]!.reportId).toBe(String(newest));
    }
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});

describe('caches', () => {
  it('a deleted report leaves the cached lists as soon as its item is done', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = await queryClient.fetchQuery(reportQueries.list({}));
    const id = list.items[0]!.id;
    const queue = newQueue(freshStore(), queryClient);
    const job = await queue.start({ kind: 'delete' }, 'Delete 1 report', [{ key: id, label: id }]);
    await whenOver(queue, job.id);
    const after = queryClient.getQueryData(reportQueries.list({}).queryKey);
    expect(after?.items.some((report) => report.id === id)).toBe(false);
  });
});

describe('export', () => {
  it('reads the whole view in pages of 100: 250 reports are 3 requests, each row once', async () => {
    const { requests } = connectSimulator({ reportCount: 250 });
    const queue = newQueue(freshStore(), undefined, 4);
    const job = await queue.start(
      { kind: 'export', params: { sortBy: 'url', sort: 'asc' }, format: 'csv', withChecks: false, fileName: 'x' },
      'Export',
      [{ key: '1', label: 'page 1' }],
    );
    await whenOver(queue, job.id);
    const reads = requests.filter((r) => r.method === 'GET').map((r) => r.url.searchParams);
    expect(reads.map((params) => [params.get('page'), params.get('per_page'), params.get('sort_by')])).toEqual(
      expect.arrayContaining([
        ['1', '100', 'url'],
        ['2', '100', 'url'],
        ['3', '100', 'url'],
      ]),
    );
    expect(reads).toHaveLength(3);
    const rows = queue.exportedRows(job.id);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.id)).size).toBe(250);
    // In the view's order (by URL), across pages.
    const urls = rows.map((row) => row.url);
    expect(urls).toEqual([...urls].sort());
  });
});

describe('a change of connection', () => {
  /** A queue whose connection the test changes, as the settings would tell it. */
  function queueOnConnection(store: JobStore, queryClient?: QueryClient) {
    let connection = 'http://api.test|account-one';
    const listeners = new Set<(change: { keyReplaced: boolean }) => void>();
    const queue = createJobQueue({
      store,
      queryClient,
      connection: () => connection,
      watchConnection: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      concurrency: 1,
      locks: null,
      recheckAfterMs: 10,
    });
    const change = (next: string, keyReplaced: boolean) => {
      connection = next;
      listeners.forEach((listener) => listener({ keyReplaced }));
    };
    return { queue, change };
  }
  const urls = ['a', 'b', 'c'].map((letter) => `https://switch.example/${letter}`);
  const createSpec: JobSpec = { kind: 'create', privacy: 'public', existing: 'create' };
  const posts = (requests: { method: string }[]) => requests.filter((r) => r.method === 'POST').length;
  const createThree = (queue: JobQueue) =>
    queue.start(
      createSpec,
      'Create 3 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );

  it("another account's key: the job leaves this tab, kept paused, and sends nothing more", async () => {
    const { requests, hold } = connectSimulator({ analysisDelayMs: 0 });
    const release = hold((request) => request.method === 'POST');
    const store = freshStore();
    const { queue, change } = queueOnConnection(store, new QueryClient());
    const job = await createThree(queue);
    await vi.waitFor(() => expect(posts(requests)).toBe(1));

    change('http://api.test|account-two', false);
    expect(queue.getSnapshot()).toEqual([]);
    release();
    await vi.waitFor(async () => expect((await store.all())[0]?.items[0]?.status).toBe('done'));
    await new Promise((settle) => setTimeout(settle, 50));

    // Nothing was sent after the change: the rest waits for its own account.
    expect(posts(requests)).toBe(1);
    const [kept] = await store.all();
    expect(kept?.id).toBe(job.id);
    expect(kept?.state).toBe('paused');
    expect(kept?.connection).toBe('http://api.test|account-one');
    expect(kept?.items.map((item) => item.status)).toEqual(['done', 'pending', 'pending']);
    // Its look for second reports waits for its account too.
    expect(kept?.items[0]?.look).toBeDefined();

    // Back on the first account (a reload): the job is there, paused, and finishes when resumed.
    const again = queueOnConnection(store);
    await again.queue.resumeSaved();
    await vi.waitFor(() => {
      // Held by this tab again (not only shown as another tab's): paused, as it was left.
      const [shown] = again.queue.getSnapshot();
      expect(shown?.inAnotherTab).toBeUndefined();
      expect(shown?.state).toBe('paused');
    });
    again.queue.resume(job.id);
    const over = await whenOver(again.queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(over.items[0]?.duplicates).toEqual({ checked: true, others: [] });
    expect(posts(requests)).toBe(3);
  });

  it('back on the first account in the same tab: its job is there again, paused, and goes on', async () => {
    const { requests, hold } = connectSimulator({ analysisDelayMs: 0 });
    const release = hold((request) => request.method === 'POST');
    const { queue, change } = queueOnConnection(freshStore());
    const job = await createThree(queue);
    await vi.waitFor(() => expect(posts(requests)).toBe(1));
    change('http://api.test|account-two', false);
    release();

    change('http://api.test|account-one', false);
    await vi.waitFor(() => {
      const [shown] = queue.getSnapshot();
      expect(shown?.inAnotherTab).toBeUndefined();
      expect(shown?.state).toBe('paused');
    });
    queue.resume(job.id);
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(posts(requests)).toBe(3);
  });

  it("the same account's new key (Replace key): the job goes on under it", async () => {
    const { requests, hold } = connectSimulator({ analysisDelayMs: 0 });
    const release = hold((request) => request.method === 'POST');
    const store = freshStore();
    const { queue, change } = queueOnConnection(store);
    const job = await createThree(queue);
    await vi.waitFor(() => expect(posts(requests)).toBe(1));

    change('http://api.test|account-one-new-key', true);
    release();
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(over.connection).toBe('http://api.test|account-one-new-key');
    expect(posts(requests)).toBe(3);
  });
});
