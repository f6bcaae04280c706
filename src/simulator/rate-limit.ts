// The service throttles each account to about 60 requests a minute. Off by default in the
// simulator (tests would trip it); turned on to prove the client backs off.

const WINDOW_MS = 60_000;

export type RateDecision =
  { allowed: true; limit: number; remaining: number } | { allowed: false; limit: number; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts the request if it is allowed; a refused request does not count, as in the framework. */
  hit(nowMs: number, perMinute: number): RateDecision;
  reset(): void;
}

/** A sliding 60-second window over the times of allowed requests. */
export function createRateLimiter(): RateLimiter {
  let hits: number[] = [];
  return {
    // The limit is passed per request so it can be changed while the simulator runs.
    hit(nowMs, perMinute) {
      hits = hits.filter((at) => at > nowMs - WINDOW_MS);
      const oldest = hits[0];
      if (hits.length >= perMinute && oldest !== undefined) {
        return {
          allowed: false,
          limit: perMinute,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)),
        };
      }
      hits.push(nowMs);
      return { allowed: true, limit: perMinute, remaining: perMinute - hits.length };
    },
    reset() {
      hits = [];
    },
  };
}
