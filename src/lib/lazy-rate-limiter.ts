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
    if (limit === Infinity) return true;
    const at = now();
    starts = starts.filter((start) => start > at - windowMs);
    return starts.length < limit && starts.push(at) > 0;
  };

  return {
    acquire(signal) {
      if (real) return real.acquire(signal);
      if (!needed && takeFreeSlot()) return Promise.resolve();
      // Waits for the real limiter, then in its queue (where the "requests waiting" notice counts
      // it). The caller stops waiting at once when its signal aborts (api/transport.ts).
      return loadReal().then((loaded) => loaded.acquire(signal));
    },
    waiting: () => real?.waiting() ?? 0,
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
