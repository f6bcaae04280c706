// @vitest-environment node
import { setRequestLimit } from '../../src/api/transport';
import {
  countItems,
  estimateForItems,
  estimateMsLeft,
  isPersisted,
  LIMITED_TRIES,
  limitFailureWhy,
  limitWaitMs,
  requestsPerItem,
  settledCount,
  type ItemStatus,
} from '../../src/features/jobs/job-model';
import { describeDuration, itemWhyWords } from '../../src/features/jobs/job-words';

/** The job queue's plain data: counts, what resumes after a reload, and the time left in words. */
describe('job model', () => {
  const items = (...statuses: ItemStatus[]) =>
    statuses.map((status, i) => ({ key: String(i), label: String(i), status }));

  it('counts items by how they ended; pending, sending and waiting are what remains', () => {
    const counts = countItems(
      items('pending', 'sending', 'waiting', 'done', 'done', 'failed', 'unknown', 'skipped', 'cancelled'),
    );
    expect(counts).toEqual({
      total: 9,
      done: 2,
      failed: 1,
      unknown: 1,
      skipped: 1,
      cancelled: 1,
      remaining: 3,
      waiting: 1,
    });
    // Settled: neither remaining nor unknown (an unknown item is still to be read).
    expect(settledCount(counts)).toBe(5);
    expect(countItems([])).toEqual({
      total: 0,
      done: 0,
      failed: 0,
      unknown: 0,
      skipped: 0,
      cancelled: 0,
      remaining: 0,
      waiting: 0,
    });
  });

  it('keeps every job on the device but an export and a privacy change that carries a password', () => {
    expect(isPersisted({ kind: 'delete' })).toBe(true);
    expect(isPersisted({ kind: 'privacy', privacy: 'private' })).toBe(true);
    expect(isPersisted({ kind: 'privacy', privacy: 'password', password: 'secret' })).toBe(false);
    expect(isPersisted({ kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'a.csv' })).toBe(
      false,
    );
  });

  it('counts the look for a second report after every create, and a little more when it looks for one first', () => {
    expect(requestsPerItem({ kind: 'create', privacy: 'public', existing: 'skip' })).toBe(2.1);
    expect(requestsPerItem({ kind: 'create', privacy: 'public', existing: 'reanalyse' })).toBe(2.1);
    expect(requestsPerItem({ kind: 'create', privacy: 'public', existing: 'create' })).toBe(2);
    expect(requestsPerItem({ kind: 'delete' })).toBe(1);
  });

  it('estimates the time left from the budget or the measured pace, whichever is slower', () => {
    const base = { remaining: 10, perMinute: 60, requestsEach: 1, measuredItemMs: null, concurrency: 2 };
    expect(estimateMsLeft(base)).toBe(10_000);
    expect(estimateMsLeft({ ...base, requestsEach: 1.5 })).toBe(15_000);
    // Measured 4 s an item, two at once: 2 s each, slower than the budget's 1 s.
    expect(estimateMsLeft({ ...base, measuredItemMs: 4000 })).toBe(20_000);
    expect(estimateMsLeft({ ...base, measuredItemMs: 1000 })).toBe(10_000);
    expect(estimateMsLeft({ ...base, perMinute: Infinity, measuredItemMs: null })).toBe(0);
    expect(estimateMsLeft({ ...base, perMinute: 0, measuredItemMs: 3000 })).toBe(15_000);
    expect(estimateMsLeft({ ...base, remaining: 0 })).toBe(0);
    expect(estimateMsLeft({ ...base, remaining: -1 })).toBe(0);
    expect(estimateMsLeft({ ...base, perMinute: 7 })).toBe(85_714);
  });

  it('says the time left in rounded words', () => {
    expect(describeDuration(14_999)).toBe('a few seconds');
    expect(describeDuration(15_000)).toBe('about 20 seconds');
    expect(describeDuration(44_000)).toBe('about 40 seconds');
    expect(describeDuration(59_999)).toBe('about 60 seconds');
    expect(describeDuration(60_000)).toBe('about a minute');
    expect(describeDuration(89_999)).toBe('about a minute');
    expect(describeDuration(90_000)).toBe('about 2 minutes');
    expect(describeDuration(10 * 60_000)).toBe('about 10 minutes');
  });

  it('waits at least what the service asked, and at least 20 s doubling with each try, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map((tries) => limitWaitMs(tries, 0))).toEqual([
      20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(limitWaitMs(1, 45_000)).toBe(45_000);
    expect(limitWaitMs(2, 39_999)).toBe(40_000);
    expect(limitWaitMs(6, 400_000)).toBe(400_000);
  });

  it('says why an item failed after its last "not now", for the limit and for a service away', () => {
    expect(LIMITED_TRIES).toBe(6);
    expect(itemWhyWords(limitFailureWhy('limit'))).toBe(
      "The service's limit was still reached after 6 tries over ten minutes: another client of the same API key may be using it up. Nothing was changed.",
    );
    expect(itemWhyWords(limitFailureWhy('service'))).toBe(
      'The service was still unavailable after 6 tries over ten minutes. Nothing was changed.',
    );
    expect(itemWhyWords('outcome-unknown')).toBe(
      'The connection was lost before the service answered, and the service cannot be reached to check. Nothing will be sent again until we know.',
    );
  });

  it('estimates a job before it exists from the budget: items × the requests each costs', () => {
    setRequestLimit(60);
    try {
      expect(estimateForItems({ kind: 'delete' }, 30)).toBe(30_000);
      expect(estimateForItems({ kind: 'create', privacy: 'public', existing: 'skip' }, 10)).toBe(21_000);
    } finally {
      setRequestLimit(undefined);
    }
    expect(estimateForItems({ kind: 'delete' }, 30)).toBe(0);
  });
});
