/**
 * Keeps the dashboard under the service's request limit (about 60 a minute): a sliding window
 * of start times. A request beyond the limit waits for the oldest one to leave the window, so
 * fast clicking and bulk work queue up instead of earning 429s. Waiting is observable, so the
 * UI can say that work is queued.
 */
export interface RateLimiter {
  /** Resolves when a request may start; rejects with the signal's reason if it is aborted first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** How many requests are waiting for a slot now. */
  waiting(): number;
  subscribe(listener: () => void): () => void;
}

export function createRateLimiter({
  limit,
  windowMs = 60_000,
  now = () => Date.now(),
}: {
  limit: number;
  windowMs?: number;
  now?: () => number;
}): RateLimiter {
  const starts: number[] = [];
  const queue: {
    resolve: () => void;
    reject: (reason: unknown) => void;
    signal: AbortSignal | undefined;
    onAbort: () => void;
  }[] = [];
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const emit = () => listeners.forEach((listener) => listener());

  const prune = () => {
    const cutoff = now() - windowMs;
    while (starts.length > 0 && (starts[0] ?? 0) <= cutoff) starts.shift();
  };

  const drain = () => {
    timer = undefined;
    prune();
    let changed = false;
    while (queue.length > 0 && starts.length < limit) {
      const next = queue.shift();
      if (!next) break;
      next.signal?.removeEventListener('abort', next.onAbort);
      starts.push(now());
      next.resolve();
      changed = true;
    }
    if (queue.length > 0 && timer === undefined) {
      const oldest = starts[0] ?? now();
      timer = setTimeout(drain, Math.max(0, oldest + windowMs - now()) + 5);
    }
    if (changed) emit();
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      prune();
      if (queue.length === 0 && starts.length < limit) {
        starts.push(now());
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const entry = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const index = queue.indexOf(entry);
            if (index >= 0) queue.splice(index, 1);
            reject(signal?.reason);
            emit();
          },
        };
        signal?.addEventListener('abort', entry.onAbort, { once: true });
        queue.push(entry);
        emit();
        if (timer === undefined) drain();
      });
    },
    waiting: () => queue.length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
