import 'fake-indexeddb/auto';
import type { Job, JobItem, JobSpec } from '../../src/features/jobs/job-model';
import { createJobQueue, type JobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore, type JobStore } from '../../src/features/jobs/job-store';
import { itemReason } from '../../src/features/jobs/job-words';
import { createSimulator } from '../../src/simulator';
import { useFakeClock } from '../helpers/fake-clock';
import { connectSimulator, type SeenRequest } from '../helpers/render-app';

/**
 * A 429 (or a 503 with Retry-After) never fails a job item: it waits, saved with the time it goes
 * again, and is sent again by itself; only after six such answers in a row, ten minutes at least,
 * does it fail, with Retry. Waiting is the subject: the clock is fake (docs/decisions/0066).
 */

let dbCount = 0;
const freshStore = () => indexedDbJobStore(`limit-waits-${(dbCount += 1)}`);

function newQueue(store: JobStore, concurrency = 4): JobQueue {
  return createJobQueue({ store, connection: () => 'http://api.test', concurrency, locks: null, recheckAfterMs: 10 });
}

const jobOf = (queue: JobQueue, id: string) => queue.getSnapshot().find((job) => job.id === id)!;
const statuses = (job: Job) => job.items.map((item) => item.status);

/** Lets real time run (IndexedDB and the simulator) until the job's snapshot satisfies `check`. */
const until = (queue: JobQueue, id: string, check: (job: Job) => void) =>
  vi.waitFor(() => check(jobOf(queue, id)), { timeout: 5000 });

const over = (job: Job) => expect(['finished', 'cancelled']).toContain(job.state);

const seeded = createSimulator().store.reports();
const publicIds = seeded
  .filter((report) => report.privacy === 0)
  .slice(0, 4)
  .map((report) => String(report.id));
const idItems = (ids: string[]): Omit<JobItem, 'status'>[] => ids.map((id) => ({ key: id, label: `Report ${id}` }));

const CREATE: JobSpec = { kind: 'create', privacy: 'public', existing: 'create' };
const PRIVATE: JobSpec = { kind: 'privacy', privacy: 'private' };
const sent = (requests: SeenRequest[], method: string, path?: string) =>
  requests.filter((r) => r.method === method && (path === undefined || r.url.pathname === path)).length;

describe('a job that meets the service’s limit finishes by itself', () => {
  it('bulk create: the stores answered 429 wait the Retry-After, go again, and every page is created once', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: '429', method: 'POST', path: '/api/v1/reports', times: 2, retryAfterSeconds: 30 });
    const { pass } = useFakeClock();
    const queue = newQueue(freshStore());
    const urls = ['a', 'b', 'c', 'd'].map((letter) => `https://limit.example/${letter}`);
    const job = await queue.start(
      CREATE,
      'Create 4 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );

    await until(queue, job.id, (current) => {
      expect(statuses(current).filter((status) => status === 'done')).toHaveLength(2);
      expect(statuses(current).filter((status) => status === 'waiting')).toHaveLength(2);
    });
    const waiting = jobOf(queue, job.id).items.filter((item) => item.status === 'waiting');
    // The service's 30 s and a second to spare; nothing failed, nothing to press.
    for (const item of waiting) {
      expect(item.retryAt! - Date.now()).toBeGreaterThan(29_000);
      expect(item.retryAt! - Date.now()).toBeLessThanOrEqual(31_000);
      expect(item.limitedTries).toBe(1);
      expect(item.reason).toBeUndefined();
    }
    expect(jobOf(queue, job.id).state).toBe('running');

    await pass(28_000);
    expect(sent(requests, 'POST')).toBe(4);
    await pass(4_000);
    await until(queue, job.id, (current) => {
      over(current);
      expect(statuses(current)).toEqual(['done', 'done', 'done', 'done']);
    });
    expect(jobOf(queue, job.id).state).toBe('finished');
    expect(sent(requests, 'POST')).toBe(6);
    const created = simulator.store.reports().filter((report) => report.url.startsWith('limit.example/'));
    expect(created.map((report) => report.url).sort()).toEqual(urls.map((url) => url.replace('https://', '')));
  });

  it('bulk privacy: items answered 429 wait at least 20 s (however short the Retry-After), then all are private', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    for (const id of [publicIds[0], publicIds[2]]) {
      simulator.faults.next({ kind: '429', path: `/api/v1/reports/${id}` });
    }
    const { pass } = useFakeClock();
    const queue = newQueue(freshStore());
    const job = await queue.start(PRIVATE, 'Make 4 reports private', idItems(publicIds));

    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['waiting', 'done', 'waiting', 'done']));
    await pass(15_000);
    expect(sent(requests, 'PATCH')).toBe(4);
    await pass(6_000);
    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['done', 'done', 'done', 'done']));
    expect(sent(requests, 'PATCH')).toBe(6);
    expect(publicIds.map((id) => simulator.store.get(Number(id))?.privacy)).toEqual([1, 1, 1, 1]);
  });

  it('a 503 with Retry-After waits for the service to be back; a 503 without one fails as before', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: '503', path: `/api/v1/reports/${publicIds[0]}`, retryAfterSeconds: 45 });
    simulator.faults.next({ kind: '503', path: `/api/v1/reports/${publicIds[1]}` });
    const { pass } = useFakeClock();
    const queue = newQueue(freshStore());
    const job = await queue.start(PRIVATE, 'Make 2 reports private', idItems(publicIds.slice(0, 2)));

    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['waiting', 'failed']));
    expect(jobOf(queue, job.id).items[0]!.waitingFor).toBe('service');
    expect(jobOf(queue, job.id).items[0]!.retryAt! - Date.now()).toBeGreaterThan(44_000);
    await pass(47_000);
    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['done', 'failed']));
  });
});

describe('the limit of tries', () => {
  it('fails an item only at its sixth 429 in a row, ten minutes after the first, and Retry sends it again', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    const path = `/api/v1/reports/${publicIds[0]}`;
    simulator.faults.next({ kind: '429', path, times: 6, retryAfterSeconds: 1 });
    const { pass } = useFakeClock();
    const queue = newQueue(freshStore());
    const job = await queue.start(PRIVATE, 'Make 1 report private', idItems(publicIds.slice(0, 1)));
    const started = Date.now();

    // The least waits between tries: 20 s, doubling, at most 5 minutes.
    const waits = [20_000, 40_000, 80_000, 160_000, 300_000];
    for (const [index, wait] of waits.entries()) {
      await until(queue, job.id, (current) => {
        expect(current.items[0]!.status).toBe('waiting');
        expect(current.items[0]!.limitedTries).toBe(index + 1);
      });
      expect(sent(requests, 'PATCH', path)).toBe(index + 1);
      await pass(wait - 2_000);
      expect(sent(requests, 'PATCH', path)).toBe(index + 1);
      await pass(3_000);
    }
    await until(queue, job.id, (current) => {
      over(current);
      expect(current.items[0]!.status).toBe('failed');
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 * 60_000);
    expect(sent(requests, 'PATCH', path)).toBe(6);
    expect(itemReason(jobOf(queue, job.id).items[0]!)).toMatch(
      /limit was still reached after 6 tries over ten minutes/,
    );

    queue.retry(job.id);
    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['done']));
    expect(sent(requests, 'PATCH', path)).toBe(7);
  });
});

describe('pause, cancel and reload while an item waits', () => {
  /** Two reports made private; the first is answered 429 and waits 31 s. */
  async function startWithOneWaiting(startClock: typeof useFakeClock) {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: '429', path: `/api/v1/reports/${publicIds[0]}`, retryAfterSeconds: 30 });
    const { pass } = startClock();
    const queue = newQueue(freshStore());
    const job = await queue.start(PRIVATE, 'Make 2 reports private', idItems(publicIds.slice(0, 2)));
    await until(queue, job.id, (current) => expect(statuses(current)).toEqual(['waiting', 'done']));
    return { requests, pass, queue, job };
  }

  it('a paused job sends nothing when the wait is over; resumed, it sends the item', async () => {
    const { requests, pass, queue, job } = await startWithOneWaiting(useFakeClock);

    queue.pause(job.id);
    await pass(60_000);
    expect(statuses(jobOf(queue, job.id))).toEqual(['waiting', 'done']);
    expect(sent(requests, 'PATCH')).toBe(2);

    queue.resume(job.id);
    await until(queue, job.id, (current) => {
      over(current);
      expect(statuses(current)).toEqual(['done', 'done']);
    });
    expect(sent(requests, 'PATCH')).toBe(3);
  });

  it('cancelling a job cancels its waiting items: nothing more is sent', async () => {
    const { requests, pass, queue, job } = await startWithOneWaiting(useFakeClock);

    queue.cancel(job.id);
    await until(queue, job.id, (current) => {
      expect(current.state).toBe('cancelled');
      expect(statuses(current)).toEqual(['cancelled', 'done']);
    });
    await pass(60_000);
    expect(sent(requests, 'PATCH')).toBe(2);
  });

  it('a waiting item survives a reload: the reopened page sends it at its time, once', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    simulator.faults.next({ kind: '429', method: 'POST', times: 1, retryAfterSeconds: 40 });
    const { pass } = useFakeClock();
    const store = freshStore();
    const first = newQueue(store, 1);
    const urls = ['a', 'b'].map((letter) => `https://reload-limit.example/${letter}`);
    const job = await first.start(
      CREATE,
      'Create 2 reports',
      urls.map((url) => ({ key: url, label: url, url })),
    );
    await vi.waitFor(async () => {
      const saved = (await store.all())[0]!;
      expect(statuses(saved)).toEqual(['waiting', 'done']);
      expect(saved.items[0]!.retryAt).toEqual(expect.any(Number));
    });
    const savedRetryAt = (await store.all())[0]!.items[0]!.retryAt!;
    // The tab is closed: its timers are gone with it.
    vi.clearAllTimers();

    const second = newQueue(store, 1);
    await second.resumeSaved();
    await until(second, job.id, (current) => expect(statuses(current)).toEqual(['waiting', 'done']));
    await pass(savedRetryAt - Date.now() - 2_000);
    expect(sent(requests, 'POST')).toBe(2);
    await pass(3_000);
    await until(second, job.id, (current) => expect(statuses(current)).toEqual(['done', 'done']));
    expect(sent(requests, 'POST')).toBe(3);
    expect(simulator.store.reports().filter((report) => report.url.startsWith('reload-limit.example/'))).toHaveLength(
      2,
    );
  });
});
