import type { RateLimiter, RateLimiterOptions } from './rate-limiter';

/**
 * The request budget as the first paint holds it: a stand-in for the real limiter
 * (./rate-limiter.ts), whose code is not in the first paint (docs/decisions/0038).
 *
 * Until the real limiter is needed, a request starts at once only when the budget certainly
 * allows it: no limit is set, or this tab started fewer requests than the limit in the last
 * window (no 429 has been answered yet: a 429 loads the real limiter). Its start is recorded.
 * Anything else (a request that would have to wait, a 429's back-off, joining every tab's
 * budget) loads the real limiter once; it begins with the starts recorded here and the current
 * limit, and from then on every call goes to it, so it guarantees what it always did.
 */
export function lazyRateLimiter({
  limit: initialLimit,
  load,
  onChange,
  windowMs = 60_000,
  now = () => Date.now(),
}: {
  limit: number;
  /** Loads the real limiter's code. If it rejects, so do the requests waiting for it. */
  load: () => Promise<(options: RateLimiterOptions) => RateLimiter>;
  /** Called when what waiting() or pausedUntil() say may have changed, here or in the real limiter. */
  onChange: () => void;
  windowMs?: number;
  now?: () => number;
}): Omit<RateLimiter, 'subscribe'> {
  let limit = initialLimit;
  /** Start times of the requests let through here within the last window, oldest first. */
  let starts: number[] = [];
  let real: RateLimiter | undefined;
  let loading: Promise<RateLimiter> | undefined;
  // Once something needed the real limiter, no request starts without it, even after a failed
  // load: it may have been a 429's back-off that could not be kept.
  let needed = false;
  /** Requests held until the real limiter is here: the "requests waiting" notice counts them. */
  let held = 0;

  /** One load however many calls need it at once; after a failure, the next call tries again. */
  const loadReal = (): Promise<RateLimiter> => {
    needed = true;
    loading ??= load().then(
      (create) => {
        real = create({ limit, windowMs, now, starts });
        real.subscribe(onChange);
        onChange();
        return real;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  /** Takes a slot if one is certainly free, by what this tab has started (as the real one counts). */
  const takeFreeSlot = (): boolean => {
    if (!Number.isFinite(limit)) return true;
    const at = now();
    starts = starts.filter((start) => start > at - windowMs && start <= at);
    if (starts.length >= limit) return false;
    starts.push(at);
    return true;
  };

  /** A request that must wait for the real limiter: counted as waiting meanwhile; it may give up. */
  const acquireOnceLoaded = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const release = () => {
        signal?.removeEventListener('abort', onAbort);
        held -= 1;
        onChange();
      };
      const onAbort = () => {
        release();
        reject(signal?.reason);
      };
      held += 1;
      signal?.addEventListener('abort', onAbort, { once: true });
      onChange();
      loadReal().then(
        (loaded) => {
          if (signal?.aborted) return;
          // In the real limiter's queue before it leaves this count: never "0 waiting" in between.
          const turn = loaded.acquire(signal);
          release();
          resolve(turn);
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          release();
          reject(error);
        },
      );
    });

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (real) return real.acquire(signal);
      if (!needed && takeFreeSlot()) return Promise.resolve();
      return acquireOnceLoaded(signal);
    },
    waiting: () => held + (real?.waiting() ?? 0),
    pausedUntil: () => real?.pausedUntil() ?? 0,
    backOff(retryAfterSeconds) {
      // If the code cannot be loaded, `needed` stays set: the next request tries again, and fails
      // with the load's error rather than going out unchecked.
      return loadReal().then(
        (loaded) => loaded.backOff(retryAfterSeconds),
        () => undefined,
      );
    },
    setLimit(next) {
      limit = next;
      real?.setLimit(next);
    },
    limit: () => limit,
    shareWith: async (shared) => (await loadReal()).shareWith(shared),
  };
}
