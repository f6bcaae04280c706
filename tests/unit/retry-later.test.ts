// @vitest-environment node
import { ApiError } from '../../src/api';
import { isLimitReached, retryLaterMs } from '../../src/api/retry-later';
import { limitWaitMs, LIMITED_TRIES } from '../../src/features/jobs/job-model';

describe('"not now" from the service', () => {
  it('a 429 waits its Retry-After and a second, or the whole minute when it cannot be read', () => {
    expect(retryLaterMs(new ApiError('http', 'Too many.', { status: 429, retryAfterSeconds: 40 }))).toBe(41_000);
    expect(retryLaterMs(new ApiError('http', 'Too many.', { status: 429 }))).toBe(61_000);
    expect(retryLaterMs(new ApiError('http', 'Too many.', { status: 429, retryAfterSeconds: 3600 }))).toBe(300_000);
    expect(isLimitReached(new ApiError('http', 'Too many.', { status: 429 }))).toBe(true);
  });

  it('a 503 is "not now" only when it says when to come back; other failures are not', () => {
    const down = new ApiError('http', 'Maintenance.', { status: 503, retryAfterSeconds: 30 });
    expect(retryLaterMs(down)).toBe(31_000);
    expect(isLimitReached(down)).toBe(false);
    expect(retryLaterMs(new ApiError('http', 'Down.', { status: 503 }))).toBeNull();
    expect(retryLaterMs(new ApiError('http', 'Gateway.', { status: 502, retryAfterSeconds: 30 }))).toBeNull();
    expect(retryLaterMs(new ApiError('network', 'Lost.'))).toBeNull();
    expect(retryLaterMs(new Error('boom'))).toBeNull();
  });

  it('a job item waits at least 20 s, doubling: six tries take ten minutes at least', () => {
    const waits = Array.from({ length: LIMITED_TRIES - 1 }, (_, index) => limitWaitMs(index + 1, 2_000));
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 300_000]);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(10 * 60_000);
    // What the service asked for, when it is longer.
    expect(limitWaitMs(1, 61_000)).toBe(61_000);
  });
});
