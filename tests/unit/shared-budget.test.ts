import { createRateLimiter, parseBudgetState, type RateLimiter } from '../../src/lib/rate-limiter';
import { sharedRecord, type TabLock } from '../../src/lib/shared-record';

// Two limiters over one storage and one lock stand in for two tabs of one browser.

const KEY = 'budget';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}

/** Like navigator.locks.request: one holder at a time, in the order asked, granted asynchronously. */
function fakeLock(): TabLock {
  let held: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, task: () => T) => {
    const run = held.then(task);
    held = run.catch(() => undefined);
    return run;
  };
}

function twoTabs(limit: number, storage = new MemoryStorage()) {
  const lock = fakeLock();
  const tab = () => {
    const record = sharedRecord({ key: KEY, parse: parseBudgetState, storage, lock });
    if (!record) throw new Error('expected a shared record');
    return createRateLimiter({ limit, record });
  };
  return { a: tab(), b: tab(), storage };
}

/** Starts `count` requests on `limiter`, recording when each is let through. */
function busy(limiter: RateLimiter, count: number, starts: number[]) {
  for (let i = 0; i < count; i += 1) void limiter.acquire().then(() => starts.push(Date.now()));
}

/** The most starts that fall within any window of `windowMs`. */
function busiestWindow(starts: number[], windowMs = 60_000): number {
  const sorted = [...starts].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const inWindow = sorted.filter((start) => start >= (sorted[i] ?? 0) && start < (sorted[i] ?? 0) + windowMs);
    most = Math.max(most, inWindow.length);
  }
  return most;
}

describe('one request budget for every tab', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('keeps two busy tabs together under the limit in every minute', async () => {
    const { a, b } = twoTabs(55);
    const starts: number[] = [];
    busy(a, 80, starts);
    busy(b, 80, starts);
    await vi.advanceTimersByTimeAsync(1000);
    // At once: the budget for the minute, shared, not 55 for each tab.
    expect(starts).toHaveLength(55);
    expect(a.waiting() + b.waiting()).toBe(160 - 55);

    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(starts).toHaveLength(160);
    expect(busiestWindow(starts)).toBeLessThanOrEqual(55);
  });

  it('counts what another tab started before this one opened', async () => {
    const { a, storage } = twoTabs(5);
    await Promise.all([a.acquire(), a.acquire(), a.acquire(), a.acquire()]);
    // A tab opened later reads the same window from storage.
    const { b } = twoTabs(5, storage);
    const starts: number[] = [];
    busy(b, 3, starts);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toHaveLength(3);
  });

  it('starts afresh from a stored window it cannot read', async () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '{"starts":"not a list"');
    const { a } = twoTabs(2, storage);
    const starts: number[] = [];
    busy(a, 2, starts);
    await vi.advanceTimersByTimeAsync(100);
    expect(starts).toHaveLength(2);
  });

  it('falls back to a budget per tab where locks or storage are missing', () => {
    expect(sharedRecord({ key: KEY, parse: parseBudgetState, storage: new MemoryStorage(), lock: null })).toBe(null);
    expect(sharedRecord({ key: KEY, parse: parseBudgetState, storage: null, lock: fakeLock() })).toBe(null);
  });
});

describe('after a 429', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('pauses every tab past a full window when Retry-After cannot be read, then runs at half the rate', async () => {
    const { a, b } = twoTabs(20);
    const answeredAt = Date.now();
    await a.backOff(undefined);
    // The other tab sees the pause, and until when it lasts.
    expect(b.pausedUntil()).toBe(answeredAt + 61_000);

    const starts: number[] = [];
    busy(b, 30, starts);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    // Resumed, at half the budget for the window after the pause.
    expect(starts).toHaveLength(10);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(answeredAt + 61_000);
    expect(b.pausedUntil()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toHaveLength(20);
  });

  it('pauses for the Retry-After the service sent, when it is readable', async () => {
    const { a, b } = twoTabs(20);
    const answeredAt = Date.now();
    await b.backOff(5);
    expect(a.pausedUntil()).toBe(answeredAt + 6000);
    const starts: number[] = [];
    busy(a, 1, starts);
    await vi.advanceTimersByTimeAsync(5900);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(starts).toHaveLength(1);
  });

  it('tells whoever shows the pause when it is over', async () => {
    const { a } = twoTabs(20);
    await a.backOff(3);
    const listener = vi.fn();
    a.subscribe(listener);
    expect(a.pausedUntil()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(4100);
    expect(listener).toHaveBeenCalled();
    expect(a.pausedUntil()).toBe(0);
  });
});

describe('a tab that joins the shared budget after its first requests', () => {
  it('brings what it already sent into the shared window, so the other tab sees it', async () => {
    const storage = new MemoryStorage();
    const lock = fakeLock();
    const record = () => {
      const shared = sharedRecord({ key: KEY, parse: parseBudgetState, storage, lock });
      if (!shared) throw new Error('expected a shared record');
      return shared;
    };
    // Tab A counts on its own at first (its shared record's code has not loaded yet).
    const a = createRateLimiter({ limit: 3 });
    await a.acquire();
    await a.acquire();
    await a.shareWith(record());
    // Tab B, sharing from the start, has one slot left of three, not three.
    const b = createRateLimiter({ limit: 3, record: record() });
    await b.acquire();
    const third = vi.fn();
    void b.acquire().then(third);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).not.toHaveBeenCalled();
    expect(parseBudgetState(JSON.parse(storage.getItem(KEY) ?? '{}')).starts).toHaveLength(3);
    b.setLimit(Infinity);
  });
});
