// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../src/api/errors';
import { checkManyForDuplicates, UnknownOutcomeError, type PendingLook } from '../../src/api/write-outcomes';
import type { Job, JobItem, JobSpec } from '../../src/features/jobs/job-model';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../src/features/jobs/job-queue';
import {
  applyToCaches,
  refreshLists,
  runItem,
  type ItemContext,
  type ItemOutcome,
} from '../../src/features/jobs/job-runners';
import { memoryJobStore, type JobStore } from '../../src/features/jobs/job-store';
import { fakeLocks } from '../helpers/fake-locks';

/**
 * The queue's own logic, with each item's outcome in the test's hands: how many items go at
 * once, when a job is over (and told once), the waits and re-checks a timer sends again, the
 * controls' guards, resuming what the device kept, and a change of account while work is on
 * its way. The runners (what one item does on the wire) are stubbed here; they have their own
 * tests (job-runners.test.ts), and the queue runs against the simulator in job-queue.test.ts.
 * Waiting is the subject: the clock is fake.
 */

vi.mock('../../src/features/jobs/job-runners', () => ({
  runItem: vi.fn(),
  applyToCaches: vi.fn(),
  applyToAudit: vi.fn(),
  applyDuplicatesToCache: vi.fn(),
  refreshLists: vi.fn(),
  failureReason: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
}));
vi.mock('../../src/api/write-outcomes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/write-outcomes')>()),
  checkManyForDuplicates: vi.fn(),
}));

/** One call of the runner: its item, and the way to answer it. */
interface Sent {
  key: string;
  context: ItemContext;
  answer(outcome?: Partial<ItemOutcome>): Promise<void>;
  fail(error: unknown): Promise<void>;
}

let sent: Sent[] = [];
let inFlight = 0;
let mostInFlight = 0;

/** Lets every promise and due timer run, without moving the clock. */
const settle = async () => void (await vi.advanceTimersByTimeAsync(0));
const pass = async (ms: number) => void (await vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  sent = [];
  inFlight = 0;
  mostInFlight = 0;
  vi.mocked(runItem).mockImplementation(
    (context) =>
      new Promise<ItemOutcome>((resolve, reject) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const over = (then: () => void) => {
          inFlight -= 1;
          then();
          return settle();
        };
        sent.push({
          key: context.item.key,
          context,
          answer: (outcome = {}) => over(() => resolve({ status: 'done', ...outcome })),
          fail: (error) => over(() => reject(error)),
        });
      }),
  );
  vi.mocked(refreshLists).mockResolvedValue(undefined);
  vi.mocked(checkManyForDuplicates).mockResolvedValue(new Map());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The runner's last call for `key` (the one on its way, once answered the next one). */
const call = (key: string): Sent => {
  const found = sent.findLast((one) => one.key === key);
  if (!found) throw new Error(`${key} was never sent`);
  return found;
};
const sends = (key: string) => sent.filter((one) => one.key === key).length;

const lost = () => new UnknownOutcomeError('The answer was lost.', () => Promise.reject(new Error('unread')), null);
const notNow = () => new ApiError('http', 'Too many requests.', { status: 429, retryAfterSeconds: 30 });
/** A 429's wait: the 30 s asked, and the second of margin. */
const NOT_NOW_MS = 31_000;
const refused = () => new ApiError('http', 'The service had a problem.', { status: 500 });

const DELETE: JobSpec = { kind: 'delete' };
const CREATE: JobSpec = { kind: 'create', privacy: 'public', existing: 'create' };
const EXPORT: JobSpec = { kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'x' };
const items = (...keys: string[]): Omit<JobItem, 'status'>[] => keys.map((key) => ({ key, label: key }));

function newQueue(more: Partial<JobQueueOptions> = {}): JobQueue {
  return createJobQueue({
    store: memoryJobStore(),
    connection: () => 'http://api.test|k',
    concurrency: 1,
    locks: null,
    recheckAfterMs: 1_000,
    ...more,
  });
}

const shown = (queue: JobQueue, id: string): Job => {
  const job = queue.getSnapshot().find((one) => one.id === id);
  if (!job) throw new Error(`${id} is not shown`);
  return job;
};
const statuses = (queue: JobQueue, id: string) => shown(queue, id).items.map((item) => item.status);

const look = (id: string): PendingLook => ({
  id,
  url: `example.com/${id}`,
  createdAt: '2026-11-27T10:00:00Z',
  withinMs: 1_000,
});

describe('job queue: how many items go at once', () => {
  it('sends as many items at once as its concurrency, and no more', async () => {
    const queue = newQueue({ concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 3', items('a', 'b', 'c'));
    expect(sent.map((one) => one.key)).toEqual(['a', 'b']);
    await call('a').answer();
    expect(sent.map((one) => one.key)).toEqual(['a', 'b', 'c']);
    await call('b').answer();
    await call('c').answer();
    expect(mostInFlight).toBe(2);
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('an item a timer sends again waits for a free place; the job runs on meanwhile', async () => {
    const finished = vi.fn();
    const queue = newQueue({ onFinished: finished });
    const job = await queue.start(DELETE, 'Delete 2', items('w', 'a'));
    await call('w').fail(notNow());
    expect(statuses(queue, job.id)).toEqual(['waiting', 'sending']);

    // Its time comes while the other item is on its way: it is not sent beside it, and the tray
    // says it is next rather than still waiting.
    await pass(NOT_NOW_MS);
    expect(sends('w')).toBe(1);
    expect(statuses(queue, job.id)).toEqual(['pending', 'sending']);
    expect(shown(queue, job.id).state).toBe('running');
    expect(finished).not.toHaveBeenCalled();

    await call('a').answer();
    expect(sends('w')).toBe(2);
    await call('w').answer();
    expect(mostInFlight).toBe(1);
    expect(statuses(queue, job.id)).toEqual(['done', 'done']);
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('an export reads its first page alone, then the others four at a time, each page once', async () => {
    const queue = newQueue({ concurrency: 4 });
    const job = await queue.start(EXPORT, 'Export', [{ key: '1', label: 'page 1' }]);
    expect(sent.map((one) => one.key)).toEqual(['1']);
    // Every page read says how many there are.
    await call('1').answer({ lastPage: 7, rows: [] });
    expect(sent.map((one) => one.key)).toEqual(['1', '2', '3', '4', '5']);
    for (const page of ['2', '3', '4', '5', '6', '7']) await call(page).answer({ lastPage: 7, rows: [] });
    expect(mostInFlight).toBe(4);
    expect(shown(queue, job.id).items.map((item) => item.label)).toEqual([
      'page 1',
      'page 2',
      'page 3',
      'page 4',
      'page 5',
      'page 6',
      'page 7',
    ]);
    expect(shown(queue, job.id).state).toBe('finished');
  });
});

describe('job queue: what one item keeps', () => {
  it('is told whether it was on its way when the page went away', async () => {
    const store = memoryJobStore();
    await store.save({
      id: 'kept',
      spec: DELETE,
      title: 'Delete 2',
      connection: 'http://api.test|k',
      createdAt: 1,
      state: 'running',
      items: [
        { key: 'a', label: 'a', status: 'sending', sentAt: 5 },
        { key: 'b', label: 'b', status: 'pending' },
      ],
    });
    const queue = newQueue({ store });
    await queue.resumeSaved();
    await settle();
    expect(call('a').context.interrupted).toBe(true);
    await call('a').answer();
    expect(call('b').context.interrupted).toBe(false);
  });

  it('keeps only what the outcome told: no report id where there was none', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('a'));
    await call('a').answer({ status: 'skipped', reason: 'Already gone.' });
    expect(shown(queue, job.id).items[0]).toStrictEqual({
      key: 'a',
      label: 'a',
      status: 'skipped',
      reason: 'Already gone.',
    });
  });

  it('an AbortError the job did not ask for is a failure, not a cancel', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('a'));
    await call('a').fail(new DOMException('The operation was aborted.', 'AbortError'));
    expect(shown(queue, job.id).items[0]).toMatchObject({ status: 'failed', reason: 'The operation was aborted.' });
  });

  it('measures the mean time of the items that were done, not of those skipped or failed', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 4', items('a', 'b', 'c', 'd'));
    await pass(100);
    await call('a').answer();
    await pass(5_000);
    await call('b').answer({ status: 'skipped', reason: 'Gone already.' });
    await pass(7_000);
    await call('c').fail(refused());
    await pass(300);
    await call('d').answer();
    expect(queue.measuredItemMs(job.id)).toBe(200);
  });

  it('refetches the lists after an item once the last refetch is refreshEveryMs old, and when the job ends', async () => {
    const queryClient = new QueryClient();
    const queue = newQueue({ queryClient, refreshEveryMs: 5_000 });
    const job = await queue.start(DELETE, 'Delete 3', items('a', 'b', 'c'));
    await call('a').answer();
    expect(refreshLists).toHaveBeenCalledTimes(1);
    await pass(5_000);
    await call('b').answer();
    expect(refreshLists).toHaveBeenCalledTimes(2);
    await pass(4_999);
    await call('c').answer();
    // Not after c (too soon), but once as the job ended.
    expect(refreshLists).toHaveBeenCalledTimes(3);
    expect(shown(queue, job.id).state).toBe('finished');
    expect(applyToCaches).toHaveBeenCalledTimes(3);
  });
});

describe('job queue: when a job is over', () => {
  it('an item waiting for its re-check keeps the job running; the re-check sends it again', async () => {
    const queue = newQueue({ concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 2', items('x', 'a'));
    await call('x').fail(lost());
    await call('a').answer();
    expect(shown(queue, job.id).state).toBe('running');
    await pass(1_000);
    expect(sends('x')).toBe(2);
    await call('x').answer();
    expect(statuses(queue, job.id)).toEqual(['done', 'done']);
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('an item whose checks ran out does not end the job while another is still to be sent', async () => {
    const finished = vi.fn();
    const queue = newQueue({ onFinished: finished });
    const job = await queue.start(DELETE, 'Delete 2', items('x', 'y'));
    // Both stay unknown: each is checked again three times, one after the other.
    for (let round = 0; round < 4; round += 1) {
      await call('x').fail(lost());
      await call('y').fail(lost());
      await pass(1_000);
    }
    expect([sends('x'), sends('y')]).toEqual([4, 4]);
    expect(statuses(queue, job.id)).toEqual(['unknown', 'unknown']);
    // What it is, said when shown in the language on screen; not the error's English message.
    expect(shown(queue, job.id).items.map(({ why, reason }) => [why, reason])).toEqual([
      ['outcome-unknown', undefined],
      ['outcome-unknown', undefined],
    ]);
    expect(shown(queue, job.id).state).toBe('finished');
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('re-checks an unknown item three times and no more, while another item waits out a "not now"', async () => {
    const queue = newQueue({ concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 2', items('x', 'w'));
    await call('w').fail(notNow());
    await call('x').fail(lost());
    for (let check = 0; check < 3; check += 1) {
      await pass(1_000);
      await call('x').fail(lost());
    }
    await pass(10_000);
    expect(sends('x')).toBe(4);
    expect(shown(queue, job.id).state).toBe('running');
    await pass(NOT_NOW_MS);
    await call('w').answer();
    expect(sends('x')).toBe(4);
    expect(statuses(queue, job.id)).toEqual(['unknown', 'done']);
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('a job paused with nothing left to send stays paused until resumed, then ends and is told once', async () => {
    const finished = vi.fn();
    const queue = newQueue({ onFinished: finished });
    const job = await queue.start(DELETE, 'Delete 1', items('a'));
    queue.pause(job.id);
    await call('a').answer();
    expect(shown(queue, job.id).state).toBe('paused');
    expect(finished).not.toHaveBeenCalled();
    queue.resume(job.id);
    await settle();
    expect(shown(queue, job.id).state).toBe('finished');
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('a cancelled job is told as such, once; cancelling it again, or a finished one, changes and saves nothing', async () => {
    const finished = vi.fn<(job: Job) => void>();
    const inner = memoryJobStore();
    const save = vi.fn(inner.save);
    const queue = newQueue({ store: { ...inner, save }, onFinished: finished });
    const job = await queue.start(DELETE, 'Delete 2', items('a', 'b'));
    queue.cancel(job.id);
    await call('a').answer();
    expect(statuses(queue, job.id)).toEqual(['done', 'cancelled']);
    expect(finished.mock.calls.map(([over]) => over.state)).toEqual(['cancelled']);
    // The write on its way was never cut off.
    expect(call('a').context.signal.aborted).toBe(false);

    save.mockClear();
    queue.cancel(job.id);
    await settle();
    expect(save).not.toHaveBeenCalled();
    const done = await queue.start(DELETE, 'Delete 1', items('c'));
    await call('c').answer();
    save.mockClear();
    queue.cancel(done.id);
    await settle();
    expect(shown(queue, done.id).state).toBe('finished');
    expect(save).not.toHaveBeenCalled();
    expect(finished).toHaveBeenCalledTimes(2);
  });

  it('a cancelled export stops its reads with an AbortError', async () => {
    const queue = newQueue({ concurrency: 4 });
    const job = await queue.start(EXPORT, 'Export', [{ key: '1', label: 'page 1' }]);
    queue.cancel(job.id);
    const { signal } = call('1').context;
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(DOMException);
    expect(signal.reason).toMatchObject({ name: 'AbortError', message: 'Cancelled' });
    await call('1').fail(signal.reason);
    expect(statuses(queue, job.id)).toEqual(['cancelled']);
  });

  it('a job cancelled while an item awaits its re-check is over at once, and told', async () => {
    const finished = vi.fn<(job: Job) => void>();
    const queue = newQueue({ onFinished: finished });
    const job = await queue.start(DELETE, 'Delete 1', items('x'));
    await call('x').fail(lost());
    expect(shown(queue, job.id).state).toBe('running');
    queue.cancel(job.id);
    await settle();
    expect(finished.mock.calls.map(([over]) => over.state)).toEqual(['cancelled']);
    await pass(5_000);
    expect(sends('x')).toBe(1);
    expect(statuses(queue, job.id)).toEqual(['unknown']);
  });

  it('pausing a job that is over, or retrying one that runs, changes nothing', async () => {
    const queue = newQueue({ concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 2', items('a', 'b'));
    await call('a').fail(refused());
    queue.retry(job.id);
    await settle();
    // b is still on its way: a is not sent again behind its back.
    expect(sends('a')).toBe(1);
    expect(statuses(queue, job.id)).toEqual(['failed', 'sending']);
    await call('b').answer();
    expect(shown(queue, job.id).state).toBe('finished');
    queue.pause(job.id);
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('ignores the controls of a job it does not have', () => {
    const queue = newQueue();
    expect(() => queue.pause('nope')).not.toThrow();
    expect(() => queue.resume('nope')).not.toThrow();
    expect(() => queue.cancel('nope')).not.toThrow();
    expect(() => queue.retry('nope')).not.toThrow();
    expect(() => queue.dismiss('nope')).not.toThrow();
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('job queue: the look for second reports', () => {
  it('looks once for the stores that have a look, while the job is cancelled meanwhile', async () => {
    let found: (value: Map<string, { checked: true; others: [] }>) => void = () => {};
    vi.mocked(checkManyForDuplicates).mockReturnValue(new Promise((resolve) => (found = resolve)));
    const finished = vi.fn();
    const queue = newQueue({ onFinished: finished });
    const job = await queue.start(CREATE, 'Create 2', items('a', 'b'));
    await call('a').answer({ look: look('1') });
    // b's page had a report already: skipped, nothing to look for.
    await call('b').answer({ status: 'skipped', reason: 'There already.' });
    expect(checkManyForDuplicates).toHaveBeenCalledTimes(1);
    expect(vi.mocked(checkManyForDuplicates).mock.calls[0]?.[0]).toEqual([look('1')]);

    queue.cancel(job.id);
    await settle();
    expect(checkManyForDuplicates).toHaveBeenCalledTimes(1);
    expect(finished).not.toHaveBeenCalled();

    found(new Map([['1', { checked: true, others: [] }]]));
    await settle();
    const [a, b] = shown(queue, job.id).items;
    expect(a).toMatchObject({ status: 'done', duplicates: { checked: true, others: [] } });
    expect(a).not.toHaveProperty('look');
    expect(b).toStrictEqual({ key: 'b', label: 'b', status: 'skipped', reason: 'There already.' });
    expect(checkManyForDuplicates).toHaveBeenCalledTimes(1);
    expect(finished).toHaveBeenCalledTimes(1);
    expect(shown(queue, job.id).state).toBe('cancelled');
  });
});

describe('job queue: the controls', () => {
  it('a paused job keeps its waiting item waiting past its time; resumed, it is sent', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('w'));
    await call('w').fail(notNow());
    queue.pause(job.id);
    await pass(NOT_NOW_MS * 2);
    // The tray, drawn again for another job meanwhile, still says it waits.
    await queue.start(DELETE, 'Delete 0', []);
    expect(statuses(queue, job.id)).toEqual(['waiting']);
    queue.resume(job.id);
    await settle();
    expect(sends('w')).toBe(2);
    await call('w').answer();
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('a paused job keeps its unknown item unknown past its re-check', async () => {
    const queue = newQueue({ concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 2', items('x', 'a'));
    await call('x').fail(lost());
    queue.pause(job.id);
    await pass(5_000);
    await call('a').answer();
    expect(statuses(queue, job.id)).toEqual(['unknown', 'done']);
    expect(sends('x')).toBe(1);
  });

  it('a job resumed after its unknown item’s re-check fell due is re-checked then, and ends', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('x'));
    await call('x').fail(lost());
    queue.pause(job.id);
    await pass(5_000);
    queue.resume(job.id);
    await settle();
    // Not left running with nothing on its way and nothing planned.
    expect(sends('x')).toBe(2);
    await call('x').answer();
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('a job resumed before its unknown item’s re-check is due re-checks it then, and not again at the old time', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('x'));
    await call('x').fail(lost());
    queue.pause(job.id);
    queue.resume(job.id);
    await settle();
    expect(sends('x')).toBe(2);
    await pass(1_000);
    expect(sends('x')).toBe(2);
    await call('x').answer();
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it('a retried item is not sent again by the timer of its wait or re-check from before', async () => {
    const queue = newQueue({ concurrency: 3 });
    const job = await queue.start(DELETE, 'Delete 3', items('w', 'x', 'h'));
    await call('w').fail(notNow());
    await call('x').fail(lost());
    // h stays on its way: the job runs throughout.
    queue.cancel(job.id);
    queue.retry(job.id);
    await settle();
    expect(statuses(queue, job.id)).toEqual(['sending', 'sending', 'sending']);
    await call('w').answer();
    await call('x').answer();
    await pass(NOT_NOW_MS * 2);
    expect([sends('w'), sends('x')]).toEqual([2, 2]);
    expect(statuses(queue, job.id)).toEqual(['done', 'done', 'sending']);
    await call('h').answer();
    expect(shown(queue, job.id).state).toBe('finished');
  });

  it("a person's retry gives an unknown item its automatic re-checks afresh", async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 1', items('x'));
    for (let check = 0; check < 4; check += 1) {
      await call('x').fail(lost());
      await pass(1_000);
    }
    expect(sends('x')).toBe(4);
    expect(shown(queue, job.id).state).toBe('finished');
    queue.retry(job.id);
    await settle();
    for (let check = 0; check < 4; check += 1) {
      await call('x').fail(lost());
      await pass(1_000);
    }
    expect(sends('x')).toBe(8);
    expect(statuses(queue, job.id)).toEqual(['unknown']);
  });

  it.each([
    { before: 'failed', lead: async () => {}, sends: 5 },
    // Unknown first, re-checked once, then failed: its earlier re-check does not count.
    {
      before: 'was unknown, then failed',
      lead: async () => {
        await call('x').fail(lost());
        await pass(1_000);
      },
      sends: 6,
    },
  ])(
    'an item that $before, retried by the person and then unknown, is re-checked three times',
    async ({ lead, sends: expected }) => {
      const queue = newQueue();
      const job = await queue.start(DELETE, 'Delete 1', items('x'));
      await lead();
      await call('x').fail(refused());
      expect(shown(queue, job.id).state).toBe('finished');
      queue.retry(job.id);
      await settle();
      for (let check = 0; check < 4; check += 1) {
        await call('x').fail(lost());
        await pass(1_000);
      }
      await pass(10_000);
      // Sent (and re-checked, if it was unknown), sent again by the person, re-checked three times.
      expect(sends('x')).toBe(expected);
    },
  );

  it('a cancelled item goes again on retry', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 2', items('a', 'b'));
    queue.cancel(job.id);
    await call('a').answer();
    queue.retry(job.id);
    await settle();
    await call('b').answer();
    expect(statuses(queue, job.id)).toEqual(['done', 'done']);
  });

  it('retries a paused job under the lock it still holds', async () => {
    const { manager: locks, asked } = fakeLocks();
    const queue = newQueue({ locks, concurrency: 2 });
    const job = await queue.start(DELETE, 'Delete 2', items('a', 'b'));
    await settle();
    await call('a').fail(refused());
    queue.pause(job.id);
    await call('b').answer();
    expect(statuses(queue, job.id)).toEqual(['failed', 'done']);

    queue.retry(job.id);
    await settle();
    expect(shown(queue, job.id).state).toBe('running');
    expect(sends('a')).toBe(2);
    await call('a').answer();
    expect(shown(queue, job.id).state).toBe('finished');
    expect(asked).toHaveLength(1);
  });
});

describe('job queue: resuming what the device kept', () => {
  const kept = (id: string, more: Partial<Job> = {}): Job => ({
    id,
    spec: DELETE,
    title: `Job ${id}`,
    connection: 'http://api.test|k',
    createdAt: 1,
    state: 'running',
    items: [],
    ...more,
  });

  it('settles what may have been sent, and sends nothing that was done or failed', async () => {
    const store = memoryJobStore();
    await store.save(
      kept('kept', {
        items: [
          { key: 'a', label: 'a', status: 'done' },
          { key: 'b', label: 'b', status: 'failed', reason: 'No.' },
          { key: 'c', label: 'c', status: 'unknown', sentAt: 5 },
        ],
      }),
    );
    const queue = newQueue({ store });
    await queue.resumeSaved();
    await settle();
    expect(sent.map((one) => one.key)).toEqual(['c']);
    await call('c').answer();
    expect(statuses(queue, 'kept')).toEqual(['done', 'failed', 'done']);
  });

  it('shows a kept cancelled job as it was', async () => {
    const store = memoryJobStore();
    await store.save(kept('over', { state: 'cancelled', items: [{ key: 'a', label: 'a', status: 'cancelled' }] }));
    const queue = newQueue({ store, locks: { request: () => new Promise(() => {}) } as unknown as LockManager });
    await queue.resumeSaved();
    await settle();
    expect(shown(queue, 'over').state).toBe('cancelled');
    // Shown as this tab's: there is nothing to run, so no lock to wait for.
    expect(shown(queue, 'over').inAnotherTab).toBeUndefined();
  });

  it('takes the jobs kept under "configured" for a service on the page\'s own origin', async () => {
    const store = memoryJobStore();
    await store.save(
      kept('legacy', { connection: 'configured', items: [{ key: 'a', label: 'a', status: 'pending' }] }),
    );
    await store.save(kept('nameless', { connection: '', items: [{ key: 'b', label: 'b', status: 'pending' }] }));
    const queue = newQueue({ store, connection: () => '|k' });
    await queue.resumeSaved();
    await settle();
    expect(shown(queue, 'legacy').connection).toBe('|k');
    expect(sent.map((one) => one.key)).toEqual(['a']);
    expect(queue.getSnapshot().map((job) => job.id)).toEqual(['legacy']);
  });

  it('takes the jobs filed under an id of an earlier version, and files them under the one id', async () => {
    const store = memoryJobStore();
    await store.save(
      kept('earlier', { connection: 'https://seo|fnv-1', items: [{ key: 'a', label: 'a', status: 'pending' }] }),
    );
    await store.save(
      kept('other', { connection: 'https://seo|fnv-2', items: [{ key: 'b', label: 'b', status: 'pending' }] }),
    );
    const queue = newQueue({
      store,
      connection: () => 'https://seo|sha',
      formerConnections: () => ['https://seo|fnv-1'],
    });
    await queue.resumeSaved();
    await settle();
    expect(shown(queue, 'earlier').connection).toBe('https://seo|sha');
    expect(sent.map((one) => one.key)).toEqual(['a']);
    // Another key's jobs (another account) stay where they are.
    expect(queue.getSnapshot().map((job) => job.id)).toEqual(['earlier']);
    expect((await store.all()).find((job) => job.id === 'earlier')?.connection).toBe('https://seo|sha');
  });

  it('leaves a job that the tab before it cancelled while this one waited for its lock', async () => {
    const store = memoryJobStore();
    await store.save(kept('theirs', { items: [{ key: 'a', label: 'a', status: 'pending' }] }));
    let grant: () => void = () => {};
    const locks = {
      request: (_name: string, callback: () => Promise<unknown>) =>
        new Promise<void>((granted) => (grant = granted)).then(callback),
    } as unknown as LockManager;
    const queue = newQueue({ store, locks });
    await queue.resumeSaved();
    await store.save(kept('theirs', { state: 'cancelled', items: [{ key: 'a', label: 'a', status: 'cancelled' }] }));
    grant();
    await settle();
    expect(queue.getSnapshot().filter((job) => !job.inAnotherTab)).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('job queue: a change of account while work is on its way', () => {
  /** A queue whose connection the test changes, as the settings do. */
  function switchable(store: JobStore, more: Partial<JobQueueOptions> = {}) {
    let connection = 'http://api.test|one';
    let changed: (change: { keyReplaced: boolean }) => void = () => {};
    let heard: () => void = () => {};
    const queue = newQueue({
      store,
      connection: () => connection,
      watchConnection: (listener) => {
        changed = listener;
        return () => undefined;
      },
      otherTabs: {
        announce: () => undefined,
        listen: (listener) => {
          heard = listener;
          return () => undefined;
        },
        close: () => undefined,
      },
      ...more,
    });
    return {
      queue,
      switchTo: (next: string) => {
        connection = next;
        changed({ keyReplaced: false });
      },
      setConnection: (next: string) => (connection = next),
      heard: () => heard(),
      changed: (keyReplaced: boolean) => changed({ keyReplaced }),
    };
  }
  const keptJob = async (store: JobStore, id: string) => (await store.all()).find((job) => job.id === id);

  it('the items on their way when it leaves are kept to be settled or sent when the account is back', async () => {
    const store = memoryJobStore();
    const queryClient = new QueryClient();
    const { queue, switchTo } = switchable(store, { concurrency: 3, queryClient });
    const job = await queue.start(DELETE, 'Delete 3', items('a', 'b', 'c'));
    await call('a').context.markSent();
    switchTo('http://other.test|two');
    await settle();
    await call('a').fail(new Error('cut'));
    await call('b').fail(new Error('cut'));
    await call('c').answer();
    const left = await keptJob(store, job.id);
    expect(left?.state).toBe('paused');
    expect(left?.items.map((item) => item.status)).toEqual(['sending', 'pending', 'done']);
    expect(left?.items[0]?.sentAt).toEqual(expect.any(Number));
    // What c's write told belongs to the other account: not put in this one's caches.
    expect(applyToCaches).not.toHaveBeenCalled();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('the look for second reports made as it leaves is made again when the account is back', async () => {
    let found: (value: Map<string, { checked: true; others: [] }>) => void = () => {};
    vi.mocked(checkManyForDuplicates).mockReturnValueOnce(new Promise((resolve) => (found = resolve)));
    const store = memoryJobStore();
    const { queue, switchTo } = switchable(store);
    const job = await queue.start(CREATE, 'Create 1', items('a'));
    await call('a').answer({ look: look('1') });
    expect(checkManyForDuplicates).toHaveBeenCalledTimes(1);
    switchTo('http://other.test|two');
    await settle();
    found(new Map([['1', { checked: true, others: [] }]]));
    await settle();
    expect(checkManyForDuplicates).toHaveBeenCalledTimes(1);
    const left = await keptJob(store, job.id);
    expect(left?.items[0]?.look).toEqual(look('1'));
    expect(left?.items[0]).not.toHaveProperty('duplicates');
  });

  it('a finished job leaves as finished', async () => {
    const store = memoryJobStore();
    const { queue, switchTo } = switchable(store);
    const job = await queue.start(DELETE, 'Delete 1', items('a'));
    await call('a').answer();
    switchTo('http://other.test|two');
    await settle();
    expect((await keptJob(store, job.id))?.state).toBe('finished');
  });

  it("keeps showing the new account's jobs another tab runs, read as the change came", async () => {
    const store = memoryJobStore();
    await store.save({
      id: 'theirs',
      spec: DELETE,
      title: 'Their job',
      connection: 'http://other.test|two',
      createdAt: 1,
      state: 'running',
      items: [{ key: 'a', label: 'a', status: 'sending' }],
    });
    const { queue, setConnection, heard, changed } = switchable(store);
    // The connection changed; another tab's ping is heard before the queue is told.
    setConnection('http://other.test|two');
    heard();
    await settle();
    expect(shown(queue, 'theirs').inAnotherTab).toBe(true);
    changed(false);
    expect(shown(queue, 'theirs').inAnotherTab).toBe(true);
  });

  it("shows none of another account's jobs that the other tabs run, nor its own twice", async () => {
    const store = memoryJobStore();
    await store.save({
      id: 'theirs',
      spec: DELETE,
      title: 'Their job',
      connection: 'http://other.test|two',
      createdAt: 1,
      state: 'running',
      items: [{ key: 'a', label: 'a', status: 'sending' }],
    });
    const { queue, heard } = switchable(store);
    const job = await queue.start(DELETE, 'Delete 1', items('b'));
    heard();
    await settle();
    expect(queue.getSnapshot().map((shownJob) => [shownJob.id, shownJob.inAnotherTab ?? false])).toEqual([
      [job.id, false],
    ]);
    await call('b').answer();
  });
});

describe('job queue: where it runs', () => {
  it('names each job with a random UUID', async () => {
    const queue = newQueue();
    const job = await queue.start(DELETE, 'Delete 0', []);
    expect(job.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('runs a job at once where there is no navigator (and so no Web Locks)', async () => {
    vi.stubGlobal('navigator', undefined);
    const queue = createJobQueue({ store: memoryJobStore(), connection: () => 'http://api.test|k' });
    const job = await queue.start(DELETE, 'Delete 1', items('a'));
    await call('a').answer();
    expect(shown(queue, job.id).state).toBe('finished');
  });
});
