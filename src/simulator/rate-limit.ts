// The service throttles each account to about 60 requests a minute. Off by default in the
// simulator (tests would trip it); turned on to prove the client backs off.

const WINDOW_MS = 60_000;

export type RateDecision =
  { allowed: true; limit: number; remaining: number } | { allowed: false; limit: number; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts the request if it is allowed; a refused request does not count, as in the framework.
   * `otherClientPerMinute`: another client of the same key, sending that many requests a minute
   * evenly spaced, counted (when allowed) before this one.
   */
  hit(nowMs: number, perMinute: number, otherClientPerMinute?: number): RateDecision;
  reset(): void;
}

/** A sliding 60-second window over the times of allowed requests. */
export function createRateLimiter(): RateLimiter {
  let hits: number[] = [];
  /** When the other client last sent a request (its requests fall on multiples of its interval). */
  let otherLastAt: number | undefined;

  const tryHit = (at: number, perMinute: number): RateDecision => {
    hits = hits.filter((hit) => hit > at - WINDOW_MS);
    const oldest = hits[0];
    if (hits.length >= perMinute && oldest !== undefined) {
      return {
        allowed: false,
        limit: perMinute,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - at) / 1000)),
      };
    }
    hits.push(at);
    return { allowed: true, limit: perMinute, remaining: perMinute - hits.length };
  };

  /** The other client's requests since the last one seen (only those still in the window matter). */
  const otherClientUntil = (nowMs: number, perMinute: number, otherPerMinute: number) => {
    if (otherPerMinute <= 0) return;
    const interval = WINDOW_MS / otherPerMinute;
    const from = Math.max(otherLastAt ?? nowMs - WINDOW_MS, nowMs - WINDOW_MS);
    for (let at = (Math.floor(from / interval) + 1) * interval; at <= nowMs; at += interval) {
      tryHit(at, perMinute);
      otherLastAt = at;
    }
  };

  return {
    // The limit is passed per request so it can be changed while the simulator runs.
    hit(nowMs, perMinute, otherClientPerMinute = 0) {
      otherClientUntil(nowMs, perMinute, otherClientPerMinute);
      return tryHit(nowMs, perMinute);
    },
    reset() {
      hits = [];
      otherLastAt = undefined;
    },
  };
}
