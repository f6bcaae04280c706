// @vitest-environment node
import {
  STILL_WAITING_AFTER_MS,
  stillWaiting,
  stopWaitingForReads,
  subscribeWaiting,
  trackRequest,
} from '../../src/api/waiting';

/**
 * What the app-wide "Still waiting for the service…" notice reads: requests out for longer than
 * STILL_WAITING_AFTER_MS, reads and writes apart, and the longest a waiting write may still take.
 */
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

const NOT_WAITING = { reads: 0, writes: 0, writeLimitMs: 0 };

it('counts a request only once it has been out for the waiting time', () => {
  const settled = trackRequest({ read: true, limitMs: 30_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS - 1);
  expect(stillWaiting()).toEqual(NOT_WAITING);
  vi.advanceTimersByTime(1);
  expect(stillWaiting()).toEqual({ reads: 1, writes: 0, writeLimitMs: 0 });
  settled();
  expect(stillWaiting()).toEqual(NOT_WAITING);
});

it('counts reads and writes apart, with the longest limit of the writes', () => {
  const done = [
    trackRequest({ read: true, limitMs: 30_000 }),
    trackRequest({ read: false, limitMs: 120_000 }),
    trackRequest({ read: false, limitMs: 30_000 }),
  ];
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  expect(stillWaiting()).toEqual({ reads: 1, writes: 2, writeLimitMs: 120_000 });
  // A request just sent is not waited for yet, whatever else changes meanwhile.
  const fresh = trackRequest({ read: true, limitMs: 30_000 });
  done[1]?.();
  expect(stillWaiting()).toEqual({ reads: 1, writes: 1, writeLimitMs: 30_000 });
  done[0]?.();
  done[2]?.();
  expect(stillWaiting()).toEqual(NOT_WAITING);
  fresh();
});

it('comes back to one and the same idle snapshot: a subscriber comparing snapshots sees nothing new', () => {
  const idle = stillWaiting();
  expect(idle).toEqual(NOT_WAITING);
  const settled = trackRequest({ read: false, limitMs: 120_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  expect(stillWaiting()).not.toBe(idle);
  settled();
  expect(stillWaiting()).toBe(idle);
});

it('a request settled in time is never counted, and leaves no timer behind', () => {
  const settled = trackRequest({ read: true, limitMs: 30_000 });
  vi.advanceTimersByTime(1_000);
  settled();
  expect(vi.getTimerCount()).toBe(0);
  expect(stillWaiting()).toEqual(NOT_WAITING);
});

it('tells its listeners when the figures change, and only then, until they leave', () => {
  const heard = vi.fn();
  const leave = subscribeWaiting(heard);
  const quick = trackRequest({ read: true, limitMs: 30_000 });
  quick();
  expect(heard).not.toHaveBeenCalled();

  const slow = trackRequest({ read: true, limitMs: 30_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  expect(heard).toHaveBeenCalledTimes(1);
  const alsoSlow = trackRequest({ read: false, limitMs: 120_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  expect(heard).toHaveBeenCalledTimes(2);
  alsoSlow();
  expect(heard).toHaveBeenCalledTimes(3);

  leave();
  slow();
  expect(heard).toHaveBeenCalledTimes(3);
  expect(stillWaiting()).toEqual(NOT_WAITING);
});

it('when the longest write ends, the limit is the next one’s, and listeners hear it', () => {
  const heard = vi.fn();
  const leave = subscribeWaiting(heard);
  const long = trackRequest({ read: false, limitMs: 120_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  const short = trackRequest({ read: false, limitMs: 30_000 });
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  // Two writes now; then the long one ends: still one write, but a shorter limit.
  long();
  expect(stillWaiting()).toEqual({ reads: 0, writes: 1, writeLimitMs: 30_000 });
  expect(heard).toHaveBeenCalledTimes(3);
  short();
  leave();
});

it('stops waiting for the reads out too long, never for a write or a read still fresh', () => {
  const stalledRead = new AbortController();
  const freshRead = new AbortController();
  const stalledWrite = new AbortController();
  const done = [
    trackRequest({ read: true, limitMs: 30_000, stop: stalledRead }),
    trackRequest({ read: false, limitMs: 120_000, stop: stalledWrite }),
  ];
  vi.advanceTimersByTime(STILL_WAITING_AFTER_MS);
  done.push(trackRequest({ read: true, limitMs: 30_000, stop: freshRead }));
  stopWaitingForReads();
  expect([stalledRead.signal.aborted, stalledWrite.signal.aborted, freshRead.signal.aborted]).toEqual([
    true,
    false,
    false,
  ]);
  for (const settled of done) settled();
});
