import { createRateLimiter, type BudgetState } from '../../src/lib/rate-limiter';

/** A record kept in memory, changed at once: stands in for the one every tab shares. */
function memoryRecord(state: BudgetState) {
  return {
    update: async <R>(change: (value: BudgetState) => R) => change(state),
    read: () => state,
    subscribe: () => () => undefined,
  };
}

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
    // With the signal's own reason, as fetch would reject: not just any error.
    await expect(pending).rejects.toBe(controller.signal.reason);
    expect(limiter.waiting()).toBe(0);
    expect(listener).toHaveBeenCalled();
  });
});

describe('rate limiter: order, cancellation and what it tells', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('serves waiting requests first: one arriving as a slot frees up queues behind them', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    const started: string[] = [];
    void limiter.acquire().then(() => started.push('first'));
    void limiter.acquire().then(() => started.push('waiting'));
    // The first start has left the window, but the queue has not been served yet.
    await vi.advanceTimersByTimeAsync(1001);
    void limiter.acquire().then(() => started.push('newcomer'));
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toEqual(['first', 'waiting']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual(['first', 'waiting', 'newcomer']);
  });

  it('starts a waiting request as soon as the oldest start leaves the window', async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(500);
    await limiter.acquire();
    let started = false;
    void limiter.acquire().then(() => (started = true));
    // The first start leaves the window at 1000 ms; the second only at 1500 ms.
    await vi.advanceTimersByTimeAsync(490);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(30);
    expect(started).toBe(true);
  });

  it('refuses a request whose signal is already aborted, without using up a slot', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    const controller = new AbortController();
    controller.abort();
    await expect(limiter.acquire(controller.signal)).rejects.toBe(controller.signal.reason);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
  });

  it('tells listeners when a request starts to wait, when it starts, and when it is cancelled', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    await limiter.acquire();
    const listener = vi.fn();
    limiter.subscribe(listener);

    void limiter.acquire();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(limiter.waiting()).toBe(1);
    await vi.advanceTimersByTimeAsync(1010);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(limiter.waiting()).toBe(0);

    const controller = new AbortController();
    const cancelled = limiter.acquire(controller.signal).catch(() => 'cancelled');
    listener.mockClear();
    controller.abort();
    expect(await cancelled).toBe('cancelled');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(limiter.waiting()).toBe(0);
  });

  it('forgets a started request’s signal, and stops telling a listener that unsubscribed', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    await limiter.acquire();
    const controller = new AbortController();
    const queued = limiter.acquire(controller.signal);
    await vi.advanceTimersByTimeAsync(1010);
    await expect(queued).resolves.toBeUndefined();

    const listener = vi.fn();
    const unsubscribe = limiter.subscribe(listener);
    // Aborting once it has started changes nothing: it is no longer waiting.
    controller.abort();
    expect(listener).not.toHaveBeenCalled();

    unsubscribe();
    void limiter.acquire();
    expect(limiter.waiting()).toBe(1);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('rate limiter: changed limits, a clock set back, and long pauses', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets everything waiting go when the limit is lifted, and says the limit', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.limit()).toBe(1);
    await limiter.acquire();
    const listener = vi.fn();
    limiter.subscribe(listener);
    const queued = [limiter.acquire(), limiter.acquire()];
    expect(limiter.waiting()).toBe(2);
    limiter.setLimit(Infinity);
    await expect(Promise.all(queued)).resolves.toEqual([undefined, undefined]);
    expect(limiter.waiting()).toBe(0);
    expect(listener).toHaveBeenCalled();
    expect(limiter.limit()).toBe(Infinity);
    // Unlimited: nothing waits, nothing is paused.
    await limiter.backOff(30);
    expect(limiter.pausedUntil()).toBe(0);
    await expect(limiter.acquire()).resolves.toBeUndefined();
  });

  it('looks again at once when the limit is raised, instead of sleeping on', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    await limiter.acquire();
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(10);
    limiter.setLimit(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(true);
  });

  it('forgets starts ahead of the clock (the computer’s clock was set back)', async () => {
    let now = 1_800_000_000_000;
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => now });
    await limiter.acquire();
    now -= 3_600_000;
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(true);
  });

  it('pauses for Retry-After plus a second, at most five minutes, then runs at half the rate', async () => {
    const limiter = createRateLimiter({ limit: 4, windowMs: 60_000 });
    const at = Date.now();
    await limiter.backOff(600);
    expect(limiter.pausedUntil()).toBe(at + 5 * 60_000);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const starts: number[] = [];
    for (let i = 0; i < 3; i += 1) void limiter.acquire().then(() => starts.push(Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    // Half of 4 a minute.
    expect(starts).toHaveLength(2);
  });

  it('runs one at a time when half the limit is less than one', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    await limiter.backOff(0);
    await vi.advanceTimersByTimeAsync(1000);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(true);
  });

  it('ignores a stored pause far beyond any per-minute limit', async () => {
    const state = { starts: [] as number[], pausedUntil: Date.now() + 60 * 60_000, slowUntil: 0 };
    const record = {
      update: async <R>(change: (value: typeof state) => R) => change(state),
      read: () => state,
      subscribe: () => () => undefined,
    };
    const limiter = createRateLimiter({ limit: 2, record });
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(true);
    expect(state.pausedUntil).toBe(0);
  });
});

describe('rate limiter: the edges of the window, the pause and the slow time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('frees a slot exactly one window after the start that held it', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(1000);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
  });

  it('holds requests for the whole of a pause of exactly five minutes', async () => {
    const limiter = createRateLimiter({ limit: 4, windowMs: 60_000 });
    await limiter.backOff(600);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 10);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toBe(true);
  });

  it('runs at the full rate again once the ten slow minutes are over', async () => {
    const limiter = createRateLimiter({ limit: 4, windowMs: 60_000 });
    // Paused for a second (the margin), then half the rate for ten minutes.
    await limiter.backOff(0);
    await vi.advanceTimersByTimeAsync(1000 + 10 * 60_000);
    const starts: number[] = [];
    for (let i = 0; i < 4; i += 1) void limiter.acquire().then(() => starts.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([0, 1, 2, 3]);
  });

  it('tells a listener when the pause is over, not before, and is no longer paused then', async () => {
    const limiter = createRateLimiter({ limit: 4, windowMs: 60_000 });
    const at = Date.now();
    await limiter.backOff(3);
    const listener = vi.fn();
    limiter.subscribe(listener);
    expect(limiter.pausedUntil()).toBe(at + 4000);
    await vi.advanceTimersByTimeAsync(3999);
    expect(listener).not.toHaveBeenCalled();
    expect(limiter.pausedUntil()).toBe(at + 4000);
    await vi.advanceTimersByTimeAsync(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(limiter.pausedUntil()).toBe(0);
  });
});

describe('rate limiter: a pause that moves earlier', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells a listener at the new end when the shared pause is replaced by a shorter one', async () => {
    const at = Date.now();
    // Another tab's pause of a minute, then (its clock set back: a pause too far ahead is dropped)
    // a 429 of three seconds: the shared record now ends the pause earlier than this tab heard.
    const state: BudgetState = { starts: [], pausedUntil: at + 60_000, slowUntil: 0 };
    const limiter = createRateLimiter({ limit: 4, windowMs: 60_000, record: memoryRecord(state) });
    const listener = vi.fn();
    limiter.subscribe(listener);
    expect(limiter.pausedUntil()).toBe(at + 60_000);
    state.pausedUntil = at + 4_000;
    expect(limiter.pausedUntil()).toBe(at + 4_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(limiter.pausedUntil()).toBe(0);
  });
});

describe('rate limiter: without a limit, and when the limit changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('neither queues nor announces a request when there is no limit', async () => {
    const limiter = createRateLimiter({ limit: Infinity });
    const listener = vi.fn();
    limiter.subscribe(listener);
    const started = limiter.acquire();
    expect(limiter.waiting()).toBe(0);
    expect(listener).not.toHaveBeenCalled();
    await expect(started).resolves.toBeUndefined();
  });

  it('lets only as many go as a raised limit allows', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    await limiter.acquire();
    const started: number[] = [];
    for (let i = 0; i < 3; i += 1) void limiter.acquire().then(() => started.push(i));
    await vi.advanceTimersByTimeAsync(10);
    limiter.setLimit(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toEqual([0]);
    expect(limiter.waiting()).toBe(2);
  });

  it('lets everything waiting go at once when the limit is lifted, and forgets their signals', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    await limiter.acquire();
    const controller = new AbortController();
    const queued = [limiter.acquire(controller.signal), limiter.acquire()];
    await vi.advanceTimersByTimeAsync(10);
    limiter.setLimit(Infinity);
    expect(limiter.waiting()).toBe(0);
    await expect(Promise.all(queued)).resolves.toEqual([undefined, undefined]);
    const listener = vi.fn();
    limiter.subscribe(listener);
    // Started: aborting it now is no news for anyone.
    controller.abort();
    expect(listener).not.toHaveBeenCalled();
  });

  it('counts nothing while the limit is lifted, not even a request whose turn came after the lift', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    // Its turn is being taken (the record answers after this step) when the limit is lifted.
    const first = limiter.acquire();
    limiter.setLimit(Infinity);
    await first;
    // The turn it was taking is over before the limit comes back.
    await vi.advanceTimersByTimeAsync(0);
    limiter.setLimit(1);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(true);
  });
});

describe('rate limiter: joining the window every tab shares', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts its own starts among the shared ones oldest first, so the oldest frees the next slot', async () => {
    const at = Date.now();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    await limiter.acquire();
    // Another tab started a request half a second later.
    const state: BudgetState = { starts: [at + 500], pausedUntil: 0, slowUntil: 0 };
    await vi.advanceTimersByTimeAsync(600);
    await limiter.shareWith(memoryRecord(state));
    expect(state.starts).toEqual([at, at + 500]);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    // This tab's start leaves the window at 1000 ms, the other tab's only at 1500 ms.
    await vi.advanceTimersByTimeAsync(410);
    expect(started).toBe(true);
  });

  it('brings its pause and slow time into the shared window when they last longer', async () => {
    const at = Date.now();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    await limiter.backOff(5);
    const state: BudgetState = { starts: [], pausedUntil: 0, slowUntil: 0 };
    await limiter.shareWith(memoryRecord(state));
    expect(state).toEqual({ starts: [], pausedUntil: at + 6000, slowUntil: at + 6000 + 10 * 60_000 });
    expect(limiter.pausedUntil()).toBe(at + 6000);
  });
});
