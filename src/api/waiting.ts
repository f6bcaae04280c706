import type { ApiError } from './errors';
import { failure } from './request';

/**
 * What the dashboard is waiting for the service to answer, so that one app-wide notice can say
 * "Still waiting for the service…" once a request has been out for a while, instead of a page
 * that says "Loading…" until every timeout and retry has run out.
 */
export const STILL_WAITING_AFTER_MS = 15_000;

interface InFlight {
  read: boolean;
  /** How long this request may take before it times out. */
  limitMs: number;
  /** Stops waiting for a read (never for a write: one that was sent may still be applied). */
  stop: AbortController | undefined;
  stalled: boolean;
}

export interface StillWaiting {
  /** Reads out for longer than STILL_WAITING_AFTER_MS. */
  reads: number;
  /** Writes out for that long, and the longest time one of them may still take. */
  writes: number;
  writeLimitMs: number;
}

const NOT_WAITING: StillWaiting = { reads: 0, writes: 0, writeLimitMs: 0 };
const inFlight = new Set<InFlight>();
const listeners = new Set<() => void>();
let snapshot = NOT_WAITING;

function update() {
  let reads = 0;
  let writes = 0;
  let writeLimitMs = 0;
  for (const request of inFlight) {
    if (!request.stalled) continue;
    if (request.read) reads += 1;
    else {
      writes += 1;
      writeLimitMs = Math.max(writeLimitMs, request.limitMs);
    }
  }
  if (reads === snapshot.reads && writes === snapshot.writes && writeLimitMs === snapshot.writeLimitMs) return;
  snapshot = reads + writes === 0 ? NOT_WAITING : { reads, writes, writeLimitMs };
  listeners.forEach((listener) => listener());
}

/** Notes a request as sent; call the returned function when it has settled. */
export function trackRequest(request: { read: boolean; limitMs: number; stop?: AbortController }): () => void {
  const entry: InFlight = { read: request.read, limitMs: request.limitMs, stop: request.stop, stalled: false };
  inFlight.add(entry);
  const timer = setTimeout(() => {
    entry.stalled = true;
    update();
  }, STILL_WAITING_AFTER_MS);
  return () => {
    clearTimeout(timer);
    inFlight.delete(entry);
    update();
  };
}

export function stillWaiting(): StillWaiting {
  return snapshot;
}

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The person stopped waiting: every read that has been out too long ends with an error that
 * says so (and is not retried automatically). Writes go on: cancelling one that was sent would
 * not undo it, only hide its outcome.
 */
export function stopWaitingForReads(): void {
  for (const request of inFlight) {
    // The reason is not shown: the transport turns the stop into stoppedWaitingError().
    if (request.read && request.stalled) request.stop?.abort();
  }
}

export const stoppedWaitingError = (): Promise<ApiError> =>
  failure('timeout', { stoppedByUser: true, timeoutMs: STILL_WAITING_AFTER_MS });
