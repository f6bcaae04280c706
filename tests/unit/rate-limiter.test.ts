import { createRateLimiter } from '../../src/lib/rate-limiter';

describe('rate limiter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets the first requests through at once and queues the rest until the window moves', async () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    const started: number[] = [];
    for (let i = 0; i < 5; i += 1) void limiter.acquire().then(() => started.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.waiting()).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.waiting()).toBe(0);
  });

  it('never lets more than the limit start within one window', async () => {
    const limiter = createRateLimiter({ limit: 60 });
    const starts: number[] = [];
    for (let i = 0; i < 150; i += 1) void limiter.acquire().then(() => starts.push(Date.now()));
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(starts).toHaveLength(150);
    for (let i = 60; i < starts.length; i += 1)
      expect((starts[i] ?? 0) - (starts[i - 60] ?? 0)).toBeGreaterThanOrEqual(60_000);
  });

  it('drops a queued request whose signal aborts, and tells listeners', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    await limiter.acquire();
    const controller = new AbortController();
    const listener = vi.fn();
    limiter.subscribe(listener);
    const pending = limiter.acquire(controller.signal);
    expect(limiter.waiting()).toBe(1);
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(limiter.waiting()).toBe(0);
    expect(listener).toHaveBeenCalled();
  });
});
