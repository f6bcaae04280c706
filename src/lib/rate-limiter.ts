import type { SharedRecord } from './shared-record';

/**
 * Keeps the dashboard under the service's request limit (about 60 a minute): a sliding window
 * of start times. A request beyond the limit waits for the oldest one to leave the window, so
 * fast clicking and bulk work queue up instead of earning 429s. Kept in a record that every
 * open tab shares (see tab-channel.ts), it keeps any number of tabs together under the limit. After a 429 every tab pauses until the service's window is surely over, then runs at
 * half the rate for a while. Waiting and pausing are observable, so the UI can say so.
 */
export interface RateLimiter {
  /** Resolves when a request may start; rejects with the signal's reason if it is aborted first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** How many requests of this tab are waiting for a slot now. */
  waiting(): number;
  /** Until when (epoch ms) every tab holds its requests after a 429; 0 when not paused. */
  pausedUntil(): number;
  /** The service answered 429: pause for `retryAfterSeconds` (when readable) or a full window, then slow down. */
  backOff(retryAfterSeconds: number | undefined): Promise<void>;
  /** Requests per window; Infinity lifts the limit (and lets everything waiting go). */
  setLimit(limit: number): void;
  /** Requests per window now (Infinity: none), for estimates of long work. */
  limit(): number;
  /**
   * From now on keep the window in `shared` (every tab's): this tab's starts and pause so far
   * are added to it, so that nothing it already sent goes uncounted.
   */
  shareWith(shared: SharedRecord<BudgetState>): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export interface BudgetState {
  /** Start times (epoch ms) of the requests in the current window, oldest first. */
  starts: number[];
  pausedUntil: number;
  /** Until when the budget runs at the lowered rate. */
  slowUntil: number;
}

/** After a 429, half the rate for ten minutes: someone else is using the account's budget. */
const SLOW_FACTOR = 0.5;
const SLOW_FOR_MS = 10 * 60_000;
/** Past the Retry-After (or the window), a margin for clocks and the time requests travel. */
const PAUSE_MARGIN_MS = 1000;
/** A Retry-After beyond this is not about a per-minute limit; reads fail and say so instead. */
const MAX_PAUSE_MS = 5 * 60_000;

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** A window this tab keeps to itself: until one shared by every tab is at hand, or where there is none. */
function tabRecord(): SharedRecord<BudgetState> {
  const state: BudgetState = { starts: [], pausedUntil: 0, slowUntil: 0 };
  return {
    update: (change) => Promise.resolve().then(() => change(state)),
    read: () => state,
    subscribe: () => () => undefined,
  };
}

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  now?: () => number;
  /** Where the window is kept: one shared by every tab, or (by default) this tab's own until shareWith. */
  record?: SharedRecord<BudgetState>;
}

export function createRateLimiter({
  limit: initialLimit,
  windowMs = 60_000,
  now = () => Date.now(),
  record: initialRecord = tabRecord(),
}: RateLimiterOptions): RateLimiter {
  let limit = initialLimit;
  let record = initialRecord;
  const queue: Waiter[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  // Another tab's pause shows here too.
  record.subscribe(emit);
  let pumping = false;
  let pauseEnd: ReturnType<typeof setTimeout> | undefined;
  let pauseEndsAt = 0;
  let sleeping: { timer: ReturnType<typeof setTimeout>; wake: () => void } | undefined;

  const unlimited = () => !Number.isFinite(limit);

  /** Under the record's lock: takes a slot (0) or says how long to wait for one. */
  const takeSlot = (state: BudgetState): number => {
    const at = now();
    if (unlimited()) return 0;
    // Starts ahead of now mean the computer's clock was set back: they must not block for hours.
    state.starts = state.starts.filter((start) => start > at - windowMs && start <= at);
    if (state.pausedUntil > at + MAX_PAUSE_MS) state.pausedUntil = 0;
    if (at < state.pausedUntil) return state.pausedUntil - at;
    const allowed = at < state.slowUntil ? Math.max(1, Math.floor(limit * SLOW_FACTOR)) : limit;
    if (state.starts.length < allowed) {
      state.starts.push(at);
      return 0;
    }
    const oldest = state.starts[state.starts.length - allowed] ?? at;
    return Math.max(1, oldest + windowMs - at);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping = undefined;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping = { timer, wake };
    });

  // One loop per tab serves this tab's queue in order; the record's lock orders the tabs.
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const wait = await record.update(takeSlot);
        if (wait > 0) {
          await sleep(wait + 5);
          continue;
        }
        // The slot goes to whoever is first now (a waiter may have given up meanwhile).
        const next = queue.shift();
        if (next) {
          next.signal?.removeEventListener('abort', next.onAbort);
          next.resolve();
          emit();
        }
      }
    } finally {
      pumping = false;
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (unlimited()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(signal?.reason);
            emit();
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        emit();
        void pump();
      });
    },
    waiting: () => queue.length,
    pausedUntil() {
      if (unlimited()) return 0;
      const { pausedUntil } = record.read();
      if (pausedUntil <= now()) return 0;
      // Whoever shows the pause (it may come from another tab) hears when it is over; a pause
      // replaced by a shorter one (a clock set back) is heard at its new end, not the old one.
      if (pausedUntil !== pauseEndsAt) {
        clearTimeout(pauseEnd);
        pauseEndsAt = pausedUntil;
        pauseEnd = setTimeout(emit, pausedUntil - now());
      }
      return pausedUntil;
    },
    async backOff(retryAfterSeconds) {
      const pauseMs = Math.min((retryAfterSeconds ?? windowMs / 1000) * 1000 + PAUSE_MARGIN_MS, MAX_PAUSE_MS);
      await record.update((state) => {
        state.pausedUntil = Math.max(state.pausedUntil, now() + pauseMs);
        state.slowUntil = Math.max(state.slowUntil, state.pausedUntil + SLOW_FOR_MS);
      });
      emit();
    },
    setLimit(next) {
      limit = next;
      // A higher limit (or none) may free a slot now: look again instead of sleeping on.
      sleeping?.wake();
      if (unlimited()) {
        queue.splice(0).forEach((waiter) => {
          waiter.signal?.removeEventListener('abort', waiter.onAbort);
          waiter.resolve();
        });
      }
      emit();
    },
    limit: () => limit,
    async shareWith(shared) {
      const own = record.read();
      record = shared;
      await shared.update((state) => {
        state.starts = [...state.starts, ...own.starts].sort((a, b) => a - b);
        state.pausedUntil = Math.max(state.pausedUntil, own.pausedUntil);
        state.slowUntil = Math.max(state.slowUntil, own.slowUntil);
      });
      shared.subscribe(emit);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
