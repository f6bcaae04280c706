// setImmediate (in realTicks) is Node's: its types are named here, not left to another test's imports.
/// <reference types="node" />
import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { createRateLimiter, type BudgetState, type RateLimiter } from '../../src/lib/rate-limiter';
import { parseBudgetState } from '../../src/lib/shared-budget';
import { sharedRecord, type SharedRecord } from '../../src/lib/shared-record';

// Two limiters over one IndexedDB (fake-indexeddb) stand in for two tabs of one browser; each
// test is a browser of its own: its own database and its own channel for change notices.

const KEY = 'budget';
let browsers = 0;

function newBrowser() {
  browsers += 1;
  return {
    store: createStore(`shared-budget-test-${browsers}`, 'records'),
    channelName: `shared-budget-test-${browsers}`,
  };
}

type Browser = ReturnType<typeof newBrowser>;

function record(browser: Browser): SharedRecord<BudgetState> {
  const shared = sharedRecord({ key: KEY, parse: parseBudgetState, ...browser });
  if (!shared) throw new Error('expected a shared record');
  return shared;
}

function twoTabs(limit: number, browser = newBrowser()) {
  const tab = () => createRateLimiter({ limit, record: record(browser) });
  return { a: tab(), b: tab(), browser };
}

/**
 * IndexedDB (fake-indexeddb) works on the real setImmediate, which the fake clock leaves alone:
 * the clock moves in small steps, and between them the database and the tabs' notices catch up.
 */
async function realTicks(count = 30) {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function advance(ms: number, step = 10) {
  for (let passed = 0; passed < ms; passed += step) {
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed));
    await realTicks();
  }
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
  beforeEach(() =>
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('keeps two busy tabs together under the limit in every minute', async () => {
    const { a, b } = twoTabs(55);
    const starts: number[] = [];
    busy(a, 80, starts);
    busy(b, 80, starts);
    await advance(1000);
    // At once: the budget for the minute, shared, not 55 for each tab.
    expect(starts).toHaveLength(55);
    expect(a.waiting() + b.waiting()).toBe(160 - 55);

    await advance(3 * 60_000);
    expect(starts).toHaveLength(160);
    expect(busiestWindow(starts)).toBeLessThanOrEqual(55);
  });

  it('counts what another tab started before this one opened', async () => {
    const { a, browser } = twoTabs(5);
    await Promise.all([a.acquire(), a.acquire(), a.acquire(), a.acquire()]);
    // A tab opened later reads the same window from the browser's database.
    const { b } = twoTabs(5, browser);
    const starts: number[] = [];
    busy(b, 3, starts);
    await advance(1000);
    expect(starts).toHaveLength(1);
    await advance(60_000);
    expect(starts).toHaveLength(3);
  });

  it('starts afresh from a stored window it cannot read', async () => {
    const browser = newBrowser();
    await set(KEY, { starts: 'not a list', pausedUntil: 'soon' }, browser.store);
    const { a } = twoTabs(2, browser);
    const starts: number[] = [];
    busy(a, 2, starts);
    await advance(100);
    expect(starts).toHaveLength(2);
  });

  it('falls back to a budget per tab where IndexedDB is missing', () => {
    expect(sharedRecord({ key: KEY, parse: parseBudgetState, store: null })).toBe(null);
  });

  it('goes on counting on its own, never stuck, once IndexedDB refuses a change', async () => {
    const refusing = () => Promise.reject(new Error('The user turned site data off.'));
    const shared = sharedRecord({ key: KEY, parse: parseBudgetState, store: refusing, channelName: 'refusing' });
    if (!shared) throw new Error('expected a shared record');
    const a = createRateLimiter({ limit: 2, record: shared });
    const starts: number[] = [];
    busy(a, 3, starts);
    await advance(100);
    expect(starts).toHaveLength(2);
    await advance(60_000);
    expect(starts).toHaveLength(3);
  });
});

describe('after a 429', () => {
  beforeEach(() =>
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('pauses every tab past a full window when Retry-After cannot be read, then runs at half the rate', async () => {
    const { a, b } = twoTabs(20);
    const answeredAt = Date.now();
    await a.backOff(undefined);
    await realTicks();
    // The other tab sees the pause, and until when it lasts.
    expect(b.pausedUntil()).toBe(answeredAt + 61_000);

    const starts: number[] = [];
    busy(b, 30, starts);
    await advance(60_000);
    expect(starts).toEqual([]);
    await advance(2000);
    // Resumed, at half the budget for the window after the pause.
    expect(starts).toHaveLength(10);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(answeredAt + 61_000);
    expect(b.pausedUntil()).toBe(0);
    await advance(60_000);
    expect(starts).toHaveLength(20);
  });

  it('pauses for the Retry-After the service sent, when it is readable', async () => {
    const { a, b } = twoTabs(20);
    const answeredAt = Date.now();
    await b.backOff(5);
    await realTicks();
    expect(a.pausedUntil()).toBe(answeredAt + 6000);
    const starts: number[] = [];
    busy(a, 1, starts);
    await advance(5900);
    expect(starts).toEqual([]);
    await advance(200);
    expect(starts).toHaveLength(1);
  });

  it('tells whoever shows the pause when it is over', async () => {
    const { a } = twoTabs(20);
    await a.backOff(3);
    const listener = vi.fn();
    a.subscribe(listener);
    expect(a.pausedUntil()).toBeGreaterThan(0);
    await advance(4100);
    expect(listener).toHaveBeenCalled();
    expect(a.pausedUntil()).toBe(0);
  });
});

describe('a tab that joins the shared budget after its first requests', () => {
  it('brings what it already sent into the shared window, so the other tab sees it', async () => {
    const browser = newBrowser();
    // Tab A counts on its own at first (its shared record's code has not loaded yet).
    const a = createRateLimiter({ limit: 3 });
    await a.acquire();
    await a.acquire();
    await a.shareWith(record(browser));
    // Tab B, sharing from the start, has one slot left of three, not three.
    const b = createRateLimiter({ limit: 3, record: record(browser) });
    await b.acquire();
    const third = vi.fn();
    void b.acquire().then(third);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).not.toHaveBeenCalled();
    expect(parseBudgetState(await get(KEY, browser.store)).starts).toHaveLength(3);
    b.setLimit(Infinity);
  });
});

describe('the shared record', () => {
  it('keeps every change when two tabs change it at the same moment', async () => {
    const browser = newBrowser();
    const counter = (stored: unknown) => ({
      count: typeof stored === 'object' && stored ? Number((stored as { count: unknown }).count) : 0,
    });
    const tabs = [0, 1].map(() => sharedRecord({ key: 'counter', parse: counter, ...browser }));
    const changes = tabs.flatMap((tab) =>
      Array.from({ length: 50 }, () =>
        tab?.update((value) => {
          value.count += 1;
          return value.count;
        }),
      ),
    );
    const seen = await Promise.all(changes);
    expect(counter(await get('counter', browser.store)).count).toBe(100);
    // Each change saw the ones before it: no two handed out the same number.
    expect(new Set(seen).size).toBe(100);
  });

  it('shows a tab what another tab changed', async () => {
    const browser = newBrowser();
    const [a, b] = [record(browser), record(browser)];
    const heard = vi.fn();
    b.subscribe(heard);
    await a.update((state) => {
      state.pausedUntil = 1234;
    });
    await vi.waitFor(() => expect(b.read().pausedUntil).toBe(1234));
    expect(heard).toHaveBeenCalled();
  });

  it('hands a change that throws back to its caller, keeps what is stored, and stays shared', async () => {
    const browser = newBrowser();
    const [a, b] = [record(browser), record(browser)];
    await a.update((state) => {
      state.pausedUntil = 1;
    });
    await expect(
      a.update((state) => {
        state.pausedUntil = 2;
        throw new Error('a bug in a change');
      }),
    ).rejects.toThrow('a bug in a change');
    expect(parseBudgetState(await get(KEY, browser.store)).pausedUntil).toBe(1);
    // Still shared: the next change is stored, and the other tab sees it.
    await a.update((state) => {
      state.pausedUntil = 3;
    });
    expect(parseBudgetState(await get(KEY, browser.store)).pausedUntil).toBe(3);
    await vi.waitFor(() => expect(b.read().pausedUntil).toBe(3));
  });
});

describe('what is stored, read back', () => {
  it('keeps the numbers of a stored window and drops whatever is not one', () => {
    expect(parseBudgetState({ starts: [1, 'x', 2, null], pausedUntil: 5, slowUntil: 6 })).toEqual({
      starts: [1, 2],
      pausedUntil: 5,
      slowUntil: 6,
    });
    for (const garbage of [undefined, null, 'budget', 42, [1, 2]])
      expect(parseBudgetState(garbage)).toEqual({ starts: [], pausedUntil: 0, slowUntil: 0 });
    expect(parseBudgetState({ starts: [], pausedUntil: Infinity, slowUntil: '7' })).toEqual({
      starts: [],
      pausedUntil: 0,
      slowUntil: 0,
    });
  });

  it('shows the value it last stored, stops telling a listener that left, and hears only its own key', async () => {
    const browser = newBrowser();
    const [a, b] = [record(browser), record(browser)];
    expect(a.read()).toEqual({ starts: [], pausedUntil: 0, slowUntil: 0 });
    // Each reads what is stored as it opens.
    await realTicks();
    const heard = vi.fn();
    const leave = b.subscribe(heard);
    const other = sharedRecord({ key: 'another', parse: parseBudgetState, ...browser });
    await other?.update((state) => {
      state.pausedUntil = 9;
    });
    await expect(
      a.update((state) => {
        state.pausedUntil = 5;
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(a.read().pausedUntil).toBe(5);
    // Notices arrive in order: once this key's has been heard, the other key's has come too.
    await vi.waitFor(() => expect(b.read().pausedUntil).toBe(5));
    await realTicks();
    expect(heard).toHaveBeenCalledTimes(1);
    leave();
    heard.mockClear();
    await a.update((state) => {
      state.pausedUntil = 6;
    });
    await vi.waitFor(() => expect(b.read().pausedUntil).toBe(6));
    expect(heard).not.toHaveBeenCalled();
  });

  it('once IndexedDB has refused a change, keeps counting on its own without asking it again', async () => {
    const store = vi.fn(() => Promise.reject(new Error('The user turned site data off.')));
    const shared = sharedRecord({ key: KEY, parse: parseBudgetState, store, channelName: 'refusing-once' });
    await realTicks();
    const asked = store.mock.calls.length;
    await shared?.update((state) => void state.starts.push(1));
    expect(store.mock.calls.length).toBe(asked + 1);
    await shared?.update((state) => void state.starts.push(2));
    expect(store.mock.calls.length).toBe(asked + 1);
  });

  it("uses the browser's IndexedDB and channel when given none, and works without BroadcastChannel", async () => {
    const [a, b] = [0, 1].map(() => sharedRecord({ key: 'default-place', parse: parseBudgetState }));
    await a?.update((state) => void (state.pausedUntil = 8));
    await vi.waitFor(() => expect(b?.read().pausedUntil).toBe(8));
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const alone = sharedRecord({ key: 'default-place', parse: parseBudgetState });
      await expect(alone?.update((state) => state.pausedUntil)).resolves.toBe(8);
    } finally {
      vi.unstubAllGlobals();
    }
    vi.stubGlobal('indexedDB', undefined);
    try {
      expect(sharedRecord({ key: 'default-place', parse: parseBudgetState })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
