import { QueryClient } from '@tanstack/react-query';
import type { Job, JobItem } from '../../src/features/jobs/job-model';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../src/features/jobs/job-queue';
import { memoryJobStore, type JobStore } from '../../src/features/jobs/job-store';
import { reportQueries } from '../../src/features/reports';
import { createSimulator } from '../../src/simulator';
import { connectSimulator } from '../helpers/render-app';
import { fakeLocks } from '../helpers/fake-locks';

/**
 * The job queue's controls and what it tells the tray: pause and resume, dismiss, the counts,
 * the measured time an item takes, and the finished job handed to the page.
 */

function newQueue(store: JobStore, more: Partial<JobQueueOptions> = {}): JobQueue {
  return createJobQueue({
    store,
    connection: () => 'http://api.test',
    concurrency: 1,
    locks: null,
    recheckAfterMs: 10,
    ...more,
  });
}

const jobOf = (queue: JobQueue, id: string) => queue.getSnapshot().find((job) => job.id === id);

function whenOver(queue: JobQueue, id: string): Promise<Job> {
  return vi.waitFor(
    () => {
      const job = jobOf(queue, id);
      if (!job || (job.state !== 'finished' && job.state !== 'cancelled')) throw new Error('not over');
      return job;
    },
    { timeout: 5000 },
  );
}

const seeded = createSimulator().store.reports();
const deleteItems = (count: number): Omit<JobItem, 'status'>[] =>
  seeded.slice(0, count).map((report) => ({ key: String(report.id), label: report.url }));
const deletes = (requests: { method: string }[]) => requests.filter((r) => r.method === 'DELETE').length;

describe('job queue controls', () => {
  it('pause holds what is not sent yet (saved paused); resume sends the rest', async () => {
    const { requests, hold } = connectSimulator({ analysisDelayMs: 0 });
    const release = hold((request) => request.method === 'DELETE');
    const store = memoryJobStore();
    const queue = newQueue(store);
    const job = await queue.start({ kind: 'delete' }, 'Delete 3 reports', deleteItems(3));
    await vi.waitFor(() => expect(deletes(requests)).toBe(1));

    queue.pause(job.id);
    expect(jobOf(queue, job.id)?.state).toBe('paused');
    expect((await store.all())[0]?.state).toBe('paused');
    release();
    await vi.waitFor(() => expect(jobOf(queue, job.id)?.items[0]?.status).toBe('done'));
    await new Promise((settle) => setTimeout(settle, 30));
    // The write on its way finished; nothing more went out.
    expect(deletes(requests)).toBe(1);
    expect(jobOf(queue, job.id)?.items.map((item) => item.status)).toEqual(['done', 'pending', 'pending']);
    // Paused again changes nothing; an unknown job is ignored.
    queue.pause(job.id);
    queue.pause('nope');
    queue.resume('nope');

    queue.resume(job.id);
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(deletes(requests)).toBe(3);
    // Resuming a finished job does nothing.
    queue.resume(job.id);
    expect(jobOf(queue, job.id)?.state).toBe('finished');
  });

  it('counts the items, measures the mean time an item took, and hands the finished job to the page', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    let clock = 1_000;
    const finished: Job[] = [];
    const queue = newQueue(memoryJobStore(), {
      // Each call moves the clock on by 100 ms: an item's time is its end minus its start.
      now: () => (clock += 100),
      onFinished: (job) => finished.push(job),
    });
    expect(queue.concurrency).toBe(1);
    const job = await queue.start({ kind: 'delete' }, 'Delete 2 reports', deleteItems(2));
    expect(queue.counts(job.id)).toMatchObject({ total: 2 });
    const over = await whenOver(queue, job.id);

    expect(queue.counts(job.id)).toEqual({
      total: 2,
      done: 2,
      failed: 0,
      unknown: 0,
      skipped: 0,
      cancelled: 0,
      remaining: 0,
      waiting: 0,
    });
    expect(queue.counts('nope').total).toBe(0);
    const measured = queue.measuredItemMs(job.id);
    // Its end minus its start: a few ticks of the clock, not a time of day.
    expect(measured).toBeGreaterThan(0);
    expect(measured).toBeLessThan(1_000);
    expect(measured! % 100).toBe(0);
    expect(queue.measuredItemMs('nope')).toBeNull();
    expect(finished.map((done) => [done.id, done.state])).toEqual([[job.id, 'finished']]);
    expect(over.createdAt).toBeGreaterThan(1_000);
  });

  it('dismisses a job that is over, from the tray and the device; a running or paused one stays', async () => {
    const { hold } = connectSimulator({ analysisDelayMs: 0 });
    const release = hold((request) => request.method === 'DELETE');
    const store = memoryJobStore();
    const queue = newQueue(store);
    const job = await queue.start({ kind: 'delete' }, 'Delete 2 reports', deleteItems(2));

    queue.dismiss(job.id);
    expect(jobOf(queue, job.id)?.state).toBe('running');
    queue.pause(job.id);
    queue.dismiss(job.id);
    expect(jobOf(queue, job.id)?.state).toBe('paused');
    queue.dismiss('nope');

    queue.cancel(job.id);
    release();
    await whenOver(queue, job.id);
    expect(await store.all()).toHaveLength(1);
    queue.dismiss(job.id);
    expect(jobOf(queue, job.id)).toBeUndefined();
    await vi.waitFor(async () => expect(await store.all()).toEqual([]));
    expect(queue.exportedRows(job.id)).toEqual([]);
    expect(queue.measuredItemMs(job.id)).toBeNull();
  });

  it('a done item keeps what its write told and nothing else', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const queue = newQueue(memoryJobStore());
    const [one] = deleteItems(1);
    const job = await queue.start({ kind: 'delete' }, 'Delete 1 report', [one!]);
    const over = await whenOver(queue, job.id);
    expect(over.items[0]).toStrictEqual({
      key: one!.key,
      label: one!.label,
      status: 'done',
      sentAt: expect.any(Number),
      reportId: one!.key,
    });
  });

  it('an item whose outcome stays unknown is checked again by itself three times, then left to the person', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    // Each change is applied and its answer lost, and every read after it is refused: unknown.
    simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH', times: 1000 });
    simulator.faults.next({ kind: '403', method: 'GET', times: 1000 });
    const finished: Job[] = [];
    const queue = newQueue(memoryJobStore(), { onFinished: (job) => finished.push(job) });
    const [one] = deleteItems(1);
    const job = await queue.start({ kind: 'privacy', privacy: 'private' }, 'Make 1 report private', [one!]);

    const over = await whenOver(queue, job.id);
    expect(over.items[0]?.status).toBe('unknown');
    expect(over.items[0]?.why).toBe('outcome-unknown');
    expect(over.items[0]?.sentAt).toEqual(expect.any(Number));
    // Sent once, then checked again three times (each a try of its own), then no more.
    const patches = () => requests.filter((r) => r.method === 'PATCH').length;
    expect(patches()).toBe(4);
    await new Promise((settle) => setTimeout(settle, 50));
    expect(patches()).toBe(4);
    // Its end is told once, though both the last re-check and the workers' end come to it.
    expect(finished.map((done) => done.id)).toEqual([job.id]);

    // The person checks again once the service is back: it is settled, done.
    simulator.faults.clear();
    queue.retry(job.id);
    expect(jobOf(queue, job.id)?.state).toBe('running');
    const settled = await vi.waitFor(
      () => {
        const current = jobOf(queue, job.id)!;
        if (current.state !== 'finished') throw new Error('not over');
        return current;
      },
      { timeout: 5000 },
    );
    expect(settled.items[0]?.status).toBe('done');
    expect(simulator.store.get(Number(one!.key))?.privacy).toBe(1);
    expect(finished.map((done) => done.id)).toEqual([job.id, job.id]);
  });
});

describe('job queue: what it keeps and tells', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each job with a random UUID, or a time and a random part where there is none', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const queue = newQueue(memoryJobStore());
    const spec = { kind: 'delete' as const };
    expect((await queue.start(spec, 'A', [])).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    vi.stubGlobal('crypto', {});
    const [one, two] = [await queue.start(spec, 'B', []), await queue.start(spec, 'C', [])];
    vi.stubGlobal('crypto', undefined);
    const three = await queue.start(spec, 'D', []);
    for (const { id } of [one, two, three]) expect(id).toMatch(/^[0-9a-z]+-[0-9a-z]{4,}$/);
    expect(new Set([one.id, two.id, three.id]).size).toBe(3);
  });

  it("uses the browser's Web Locks when given none", async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const asked: string[] = [];
    vi.stubGlobal('navigator', {
      ...globalThis.navigator,
      locks: {
        request: (name: string, callback: () => Promise<unknown>) => {
          asked.push(name);
          return Promise.resolve().then(callback);
        },
      },
    });
    const queue = createJobQueue({ store: memoryJobStore(), connection: () => 'http://api.test' });
    const job = await queue.start({ kind: 'delete' }, 'Delete 1 report', deleteItems(1));
    await whenOver(queue, job.id);
    expect(asked).toEqual([`seo-dashboard.job.${job.id}`]);
  });

  it('tells the other tabs after each save that worked; an export is never kept', async () => {
    connectSimulator({ analysisDelayMs: 0, reportCount: 30 });
    let refusing = false;
    const inner = memoryJobStore();
    const store: JobStore = {
      ...inner,
      save: (job) => (refusing ? Promise.reject(new Error('full')) : inner.save(job)),
    };
    const announce = vi.fn();
    const queue = createJobQueue({
      store,
      connection: () => 'http://api.test',
      concurrency: 1,
      locks: null,
      otherTabs: { announce, listen: () => () => undefined, close: () => undefined },
    });
    const exported = await queue.start(
      { kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'x' },
      'Export',
      [{ key: '1', label: 'page 1' }],
    );
    await whenOver(queue, exported.id);
    expect(await inner.all()).toEqual([]);
    expect(announce).not.toHaveBeenCalled();

    const job = await queue.start({ kind: 'delete' }, 'Delete 1 report', deleteItems(1));
    await whenOver(queue, job.id);
    expect((await inner.all()).map((kept) => kept.id)).toEqual([job.id]);
    expect(announce).toHaveBeenCalled();

    // A save that fails does not stop the work, and tells nobody.
    refusing = true;
    announce.mockClear();
    const refused = await queue.start({ kind: 'delete' }, 'Delete 1 report', deleteItems(2).slice(1));
    expect((await whenOver(queue, refused.id)).items[0]?.status).toBe('done');
    expect(announce).not.toHaveBeenCalled();
  });

  it('stops telling a listener that unsubscribed', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const queue = newQueue(memoryJobStore());
    const listener = vi.fn();
    const stop = queue.subscribe(listener);
    await queue.start({ kind: 'delete' }, 'A', []);
    expect(listener).toHaveBeenCalled();
    stop();
    listener.mockClear();
    await queue.start({ kind: 'delete' }, 'B', []);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('job queue: retry under Web Locks', () => {
  /** Web Locks of one tab: a lock is granted once the one before is let go. */

  it('a job lets its lock go when it ends, and takes it again to retry', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const ids = deleteItems(2);
    simulator.faults.next({ kind: '500', method: 'DELETE', path: `/api/v1/reports/${ids[1]!.key}` });
    const { manager, asked } = fakeLocks();
    const queue = newQueue(memoryJobStore(), { locks: manager });
    const job = await queue.start({ kind: 'delete' }, 'Delete 2 reports', ids);
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'failed']);
    expect(over.items[1]?.reason).toMatch(/^The service had a problem/);
    expect(asked).toEqual([`seo-dashboard.job.${job.id}`]);

    queue.retry(job.id);
    // Waiting for its lock (granted at once: it was let go when the job ended).
    expect(jobOf(queue, job.id)?.state).toBe('paused');
    const again = await vi.waitFor(
      () => {
        const current = jobOf(queue, job.id)!;
        if (current.state !== 'finished') throw new Error('not over');
        return current;
      },
      { timeout: 5000 },
    );
    expect(again.items.map((item) => item.status)).toEqual(['done', 'done']);
    expect(asked).toEqual([`seo-dashboard.job.${job.id}`, `seo-dashboard.job.${job.id}`]);
    // An unknown job is ignored.
    queue.retry('nope');
  });
});

describe('job queue: the caches', () => {
  it('refetches the lists at most every few seconds while items finish, and once when the job ends', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = await queryClient.fetchQuery(reportQueries.list({}));
    const ids = list.items.slice(0, 4).map((report) => report.id);
    simulator.faults.next({ kind: '500', method: 'DELETE', path: `/api/v1/reports/${ids[1]}` });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const queue = newQueue(memoryJobStore(), { queryClient, refreshEveryMs: 60_000 });
    const job = await queue.start(
      { kind: 'delete' },
      'Delete 4 reports',
      ids.map((id) => ({ key: id, label: id })),
    );
    const over = await whenOver(queue, job.id);
    expect(over.items.map((item) => item.status)).toEqual(['done', 'failed', 'done', 'done']);
    // After the first item (lists and projects), then when the job ended: not after every item.
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(4));
    // The refused one stays in the cached list; the deleted ones left it.
    const after = queryClient.getQueryData(reportQueries.list({}).queryKey);
    expect(ids.map((id) => after?.items.some((row) => row.id === id))).toEqual([false, true, false, false]);
  });
});

describe('job queue: resuming what the device kept', () => {
  const kept = (id: string, connection: string, more: Partial<Job> = {}): Job => ({
    id,
    spec: { kind: 'delete' },
    title: `Job ${id}`,
    connection,
    createdAt: 1,
    state: 'running',
    items: [],
    ...more,
  });

  it("resumes this connection's jobs and those kept before jobs named their key; shows the finished ones", async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    const [a, b, c] = deleteItems(3);
    const store = memoryJobStore();
    // Kept before jobs named their key: under the service alone. One item was on its way.
    await store.save(
      kept('legacy', 'http://api.test', {
        items: [
          { ...a!, status: 'sending', sentAt: 5 },
          { ...b!, status: 'unknown', sentAt: 6 },
          { ...c!, status: 'pending' },
        ],
      }),
    );
    await store.save(kept('over', 'http://api.test|k', { state: 'finished', items: [{ ...a!, status: 'done' }] }));
    await store.save(kept('paused', 'http://api.test|k', { state: 'paused', items: [{ ...c!, status: 'pending' }] }));
    await store.save(kept('theirs', 'http://other.test|x', { items: [{ ...c!, status: 'pending' }] }));
    const queue = createJobQueue({
      store,
      connection: () => 'http://api.test|k',
      concurrency: 1,
      locks: null,
      recheckAfterMs: 10,
    });
    await queue.resumeSaved();

    const resumed = await whenOver(queue, 'legacy');
    expect(resumed.connection).toBe('http://api.test|k');
    expect(resumed.items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(jobOf(queue, 'over')?.state).toBe('finished');
    expect(jobOf(queue, 'paused')?.state).toBe('paused');
    expect(jobOf(queue, 'theirs')).toBeUndefined();
    expect(queue.getSnapshot().some((job) => job.inAnotherTab)).toBe(false);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(3);
    expect(simulator.store.get(Number(c!.key))).toBeUndefined();
    // Resumed again: what this tab holds already is not taken twice.
    await queue.resumeSaved();
    await new Promise((settle) => setTimeout(settle, 30));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(3);
    expect(queue.getSnapshot().filter((job) => job.id === 'legacy')).toHaveLength(1);
  });
});

describe("job queue: the other tabs' jobs", () => {
  it("shows this connection's jobs another tab runs, once each, and none of another account's", async () => {
    connectSimulator({ analysisDelayMs: 0 });
    const store = memoryJobStore();
    const theirs: Job = {
      id: 'theirs',
      spec: { kind: 'delete' },
      title: 'Their job',
      connection: 'http://api.test|one',
      createdAt: 1,
      state: 'running',
      items: [{ key: '1', label: '1', status: 'sending' }],
    };
    await store.save(theirs);
    await store.save({ ...theirs, id: 'other-account', connection: 'http://api.test|two' });
    let heard = () => {};
    let connection = 'http://api.test|one';
    let changed: (change: { keyReplaced: boolean }) => void = () => {};
    const queue = createJobQueue({
      store,
      connection: () => connection,
      concurrency: 1,
      locks: null,
      otherTabs: {
        announce: () => undefined,
        listen: (listener) => {
          heard = listener;
          return () => undefined;
        },
        close: () => undefined,
      },
      watchConnection: (listener) => {
        changed = listener;
        return () => undefined;
      },
    });
    const job = await queue.start({ kind: 'delete' }, 'Delete 1 report', deleteItems(1));
    await whenOver(queue, job.id);

    heard();
    await vi.waitFor(() => expect(jobOf(queue, 'theirs')?.inAnotherTab).toBe(true));
    expect(queue.getSnapshot().map((shown) => [shown.id, shown.inAnotherTab ?? false])).toEqual([
      [job.id, false],
      ['theirs', true],
    ]);

    // Told of a change that leaves the connection as it was: nothing leaves.
    changed({ keyReplaced: false });
    expect(jobOf(queue, job.id)?.state).toBe('finished');
    // Another account: its jobs that other tabs run are not shown, from the moment it changes.
    connection = 'http://api.test|three';
    changed({ keyReplaced: false });
    expect(jobOf(queue, 'theirs')).toBeUndefined();
  });
});

describe('job queue: an export', () => {
  const exportSpec = {
    kind: 'export' as const,
    params: { sortBy: 'url' as const, sort: 'asc' as const },
    format: 'csv' as const,
    withChecks: false,
    fileName: 'x',
  };

  it('reads its first page alone, then the rest at once; each report once though rows shift meanwhile', async () => {
    const { simulator, requests, hold } = connectSimulator({ reportCount: 250 });
    const release = hold((request) => request.method === 'GET' && request.url.searchParams.get('page') !== '1');
    const queue = newQueue(memoryJobStore(), { concurrency: 4 });
    const job = await queue.start(exportSpec, 'Export', [{ key: '1', label: 'page 1' }]);
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(3));
    // Pages 2 and 3 were asked together, after the first.
    expect(requests.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(jobOf(queue, job.id)?.items.map((item) => item.label)).toEqual(['page 1', 'page 2', 'page 3']);
    // A report that sorts first is created meanwhile: the next pages start one row later, so
    // the last row of page 1 comes again first on page 2.
    const { id: _id, ...copy } = simulator.store.reports()[0]!;
    simulator.store.add({ ...copy, url: '0.example/first' });
    release();
    await whenOver(queue, job.id);
    const rows = queue.exportedRows(job.id);
    expect(new Set(rows.map((row) => row.id)).size).toBe(250);
    expect(rows).toHaveLength(250);
  });

  it('cancelled, it stops reading: the pages on their way end cancelled', async () => {
    const { requests, hold } = connectSimulator({ reportCount: 250 });
    hold((request) => request.method === 'GET' && request.url.searchParams.get('page') !== '1');
    const queue = newQueue(memoryJobStore(), { concurrency: 4 });
    const job = await queue.start(exportSpec, 'Export', [{ key: '1', label: 'page 1' }]);
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(3));
    queue.cancel(job.id);
    await vi.waitFor(() =>
      expect(jobOf(queue, job.id)?.items.map((item) => item.status)).toEqual(['done', 'cancelled', 'cancelled']),
    );
    expect(jobOf(queue, job.id)?.state).toBe('cancelled');
    expect(requests.slice(1).every((r) => r.signal?.aborted)).toBe(true);
  });
});
