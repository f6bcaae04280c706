import { lazyRateLimiter } from '../../src/lib/lazy-rate-limiter';
import { createRateLimiter, parseBudgetState, type BudgetState } from '../../src/lib/rate-limiter';
import type { SharedRecord } from '../../src/lib/shared-record';

// The stand-in the first paint holds instead of the request budget's code (decision 38).

/** A load of the real limiter's code that completes (or fails) when the test says so. */
function gatedLoad() {
  let release = () => {};
  let fail: (error: unknown) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof createRateLimiter>((resolve, reject) => {
        release = () => resolve(createRateLimiter);
        fail = reject;
      }),
  );
  return { load, release: () => release(), fail: (error: unknown) => fail(error) };
}

const loadAtOnce = () => vi.fn(() => Promise.resolve(createRateLimiter));

/** Acquires, recording in `started` when the request may go. */
function start(limiter: { acquire: (signal?: AbortSignal) => Promise<void> }, name: string, started: string[]) {
  return limiter.acquire().then(() => started.push(name));
}

/** A window kept in memory, as a shared record would keep every tab's. */
function memoryRecord(initial: BudgetState = parseBudgetState(undefined)): SharedRecord<BudgetState> {
  const state = initial;
  return {
    update: (change) => Promise.resolve().then(() => change(state)),
    read: () => state,
    subscribe: () => () => undefined,
  };
}

describe('the request budget before its code is loaded', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('starts the requests the budget certainly allows at once, without loading the limiter', async () => {
    const load = loadAtOnce();
    const limiter = lazyRateLimiter({ limit: Infinity, load, onChange: vi.fn() });
    const started: string[] = [];
    // No limit set (the demo, or before the connection is read).
    for (let i = 0; i < 100; i += 1) void start(limiter, `free ${i}`, started);
    limiter.setLimit(3);
    void start(limiter, 'a', started);
    await vi.advanceTimersByTimeAsync(20_000);
    void start(limiter, 'b', started);
    void start(limiter, 'c', started);
    // The first start has left the window: a fourth in this tab's first minute is within the budget.
    await vi.advanceTimersByTimeAsync(41_000);
    void start(limiter, 'd', started);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(104);
    expect(load).not.toHaveBeenCalled();
    expect(limiter.waiting()).toBe(0);
    expect(limiter.pausedUntil()).toBe(0);
  });

  it('holds the request over the limit and lets it go when the window allows', async () => {
    const { load, release } = gatedLoad();
    const onChange = vi.fn();
    const limiter = lazyRateLimiter({ limit: 2, windowMs: 1000, load, onChange });
    const started: string[] = [];
    void start(limiter, 'first', started);
    void start(limiter, 'second', started);
    void start(limiter, 'third', started);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['first', 'second']);
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(300);
    release();
    await vi.advanceTimersByTimeAsync(0);
    // Loaded, but the two starts at 0 ms fill the window until 1000 ms: it waits in the real
    // limiter's queue, which the "requests waiting" notice counts.
    expect(started).toEqual(['first', 'second']);
    expect(limiter.waiting()).toBe(1);
    expect(onChange).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(started).toEqual(['first', 'second']);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toEqual(['first', 'second', 'third']);
    expect(limiter.waiting()).toBe(0);
  });

  it('holds the next request after a 429 until the back-off is over', async () => {
    const load = loadAtOnce();
    const onChange = vi.fn();
    const limiter = lazyRateLimiter({ limit: 55, load, onChange });
    const started: string[] = [];
    await start(limiter, 'answered 429', started);
    void limiter.backOff(5);
    void start(limiter, 'next', started);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(limiter.pausedUntil()).toBeGreaterThan(Date.now());
    // Five seconds of Retry-After and the limiter's margin of one.
    await vi.advanceTimersByTimeAsync(5_500);
    expect(started).toEqual(['answered 429']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toEqual(['answered 429', 'next']);
    expect(limiter.pausedUntil()).toBe(0);
  });

  it('counts the starts made before the hand-over in the real limiter’s window', async () => {
    const limiter = lazyRateLimiter({ limit: 3, windowMs: 1000, load: loadAtOnce(), onChange: vi.fn() });
    const started: string[] = [];
    void start(limiter, 'before 1', started);
    void start(limiter, 'before 2', started);
    await vi.advanceTimersByTimeAsync(400);
    const shared = memoryRecord();
    await limiter.shareWith(shared);
    expect(shared.read().starts).toHaveLength(2);

    void start(limiter, 'after 1', started);
    void start(limiter, 'after 2', started);
    await vi.advanceTimersByTimeAsync(10);
    // One slot was left of three: the second waits for the first two starts to leave the window.
    expect(started).toEqual(['before 1', 'before 2', 'after 1']);
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual(['before 1', 'before 2', 'after 1']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(['before 1', 'before 2', 'after 1', 'after 2']);
  });

  it('loads the limiter once when several requests, a 429 and the sharing need it at once', async () => {
    const { load, release } = gatedLoad();
    const limiter = lazyRateLimiter({ limit: 1, windowMs: 1000, load, onChange: vi.fn() });
    const started: string[] = [];
    void start(limiter, 'first', started);
    void start(limiter, 'second', started);
    void start(limiter, 'third', started);
    const backedOff = limiter.backOff(0);
    const joined = limiter.shareWith(memoryRecord());
    await vi.advanceTimersByTimeAsync(0);
    release();
    await backedOff;
    await joined;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(started).toEqual(['first', 'second', 'third']);
  });

  it('fails the held requests with the load’s error, and tries to load again for the next one', async () => {
    const { load, fail, release } = gatedLoad();
    const limiter = lazyRateLimiter({ limit: 1, windowMs: 1000, load, onChange: vi.fn() });
    await limiter.acquire();
    const held = [limiter.acquire(), limiter.acquire()];
    const unreachable = new Error('The budget’s code could not be loaded.');
    fail(unreachable);
    for (const request of held) await expect(request).rejects.toBe(unreachable);
    expect(limiter.waiting()).toBe(0);

    // A minute later the window is empty, but the next request still goes through the limiter.
    await vi.advanceTimersByTimeAsync(60_000);
    const next = limiter.acquire();
    expect(load).toHaveBeenCalledTimes(2);
    release();
    await expect(next).resolves.toBeUndefined();
  });

  it('lets a held request give up while the limiter loads: it never takes a slot', async () => {
    const { load, release } = gatedLoad();
    const limiter = lazyRateLimiter({ limit: 1, windowMs: 1000, load, onChange: vi.fn() });
    await limiter.acquire();
    const controller = new AbortController();
    const held = limiter.acquire(controller.signal);
    controller.abort(new DOMException('Left the page.', 'AbortError'));
    release();
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
    // The slot it did not take is there for the next request once the window allows.
    await vi.advanceTimersByTimeAsync(1_000);
    const started: string[] = [];
    await start(limiter, 'next', started);
    expect(started).toEqual(['next']);
    expect(limiter.waiting()).toBe(0);
  });
});
