// @vitest-environment node
import { ApiError } from '../../src/api';
import { retryDelay, shouldRetryRead } from '../../src/app/query-client';

describe('retries of reads', () => {
  it('waits out the service’s one-minute window after a 429 whose Retry-After cannot be read', () => {
    const tooMany = new ApiError('http', 'Too many requests.', { status: 429 });
    expect(shouldRetryRead(0, tooMany)).toBe(true);
    for (const failureCount of [0, 1, 2]) expect(retryDelay(failureCount, tooMany)).toBeGreaterThanOrEqual(60_000);
  });

  it('waits for the Retry-After of a 429 when it can be read', () => {
    const tooMany = new ApiError('http', 'Too many requests.', { status: 429, retryAfterSeconds: 5 });
    expect(retryDelay(0, tooMany)).toBe(6000);
  });

  it('does not try again behind the back of someone who stopped waiting', () => {
    const stopped = new ApiError('timeout', 'You stopped waiting.', { stoppedByUser: true });
    expect(shouldRetryRead(0, stopped)).toBe(false);
    expect(shouldRetryRead(0, new ApiError('timeout', 'No answer.'))).toBe(true);
  });
});
