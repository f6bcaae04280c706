import { createRateLimiter } from '../lib/rate-limiter';
import { isApiError } from './errors';
import { READ_TIMEOUT_MS, failure, request, type RequestOptions, type Transport } from './request';
import { stoppedWaitingError, trackRequest } from './waiting';

/**
 * The transport every API call uses, and what the dashboard knows about the current session:
 * whether the service rejected the key, and the request budget. The app sets the transport from
 * the saved connection; in demo mode it is a promise that resolves once the lazily loaded
 * simulator is ready, so route loaders can start requests at once and simply wait for it.
 *
 * Each transport starts an epoch. A request belongs to the epoch it was made in: it is sent with
 * that epoch's transport or not at all (docs/decisions/0024-one-connection-for-every-tab.md).
 */
interface Epoch {
  transport: Promise<Transport>;
  /** Aborted when the next transport is set: reads of this epoch stop, unsent requests are dropped. */
  ended: AbortController;
  keyRejected: boolean;
}

const newEpoch = (transport: Transport | Promise<Transport>): Epoch => ({
  transport: Promise.resolve(transport),
  ended: new AbortController(),
  keyRejected: false,
});

// No transport yet: same origin, no key; the service answers 401 and the UI leads to settings.
let epoch = newEpoch({ baseUrl: '', apiKey: '' });
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * One budget for every open tab (each its own where IndexedDB is missing); unlimited
 * until a connection sets a limit (the demo has none). It is this tab's own until
 * shareRequestBudget() joins it to every tab's.
 */
const limiter = createRateLimiter({ limit: Infinity });
limiter.subscribe(emit);

/**
 * Joins this tab's request budget to the one every tab shares (docs/decisions/0025), once the
 * first rows are on screen: the shared record (IndexedDB, with its library) loads then, as work
 * the first rows do not need (lib/shared-budget.ts). What this tab sent before is added to the shared window; the one
 * or two requests of a tab's first moments fit in the margin the default budget keeps under the
 * service's limit (55 of about 60 a minute). Until then, and if the record's code cannot be
 * loaded, this tab keeps its own budget, with every limit and pause it had.
 */
export async function shareRequestBudget(): Promise<void> {
  const shared = (await import('../lib/shared-budget')).sharedBudgetRecord();
  if (shared) await limiter.shareWith(shared);
}

function connectionChanged(): DOMException {
  return new DOMException('The connection changed.', 'AbortError');
}

/** A new transport is a new key or service: it starts unrejected, and ends the previous epoch. */
export function setTransport(transport: Transport | Promise<Transport>): void {
  const previous = epoch;
  epoch = newEpoch(transport);
  previous.ended.abort(connectionChanged());
  emit();
}

export function getTransport(): Promise<Transport> {
  return epoch.transport;
}

/** At most `perMinute` requests start in any minute, in all tabs together; undefined removes the limit. */
export function setRequestLimit(perMinute: number | undefined): void {
  limiter.setLimit(perMinute && perMinute > 0 ? perMinute : Infinity);
}

/** Requests a minute the budget allows now (Infinity: no limit), for estimates of long work. */
export function requestLimitPerMinute(): number {
  return limiter.limit();
}

export function isKeyRejected(): boolean {
  return epoch.keyRejected;
}

/** Requests of this tab waiting for a slot under the request limit. */
export function queuedRequestCount(): number {
  return limiter.waiting();
}

/** Until when (epoch ms) requests are held after the service answered 429; 0 when they are not. */
export function requestsPausedUntil(): number {
  return limiter.pausedUntil();
}

export function onTransportChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(present);
  const controller = new AbortController();
  for (const signal of present) {
    if (signal.aborted) controller.abort(signal.reason);
    // A signal aborts once: its listener needs no `once`.
    else signal.addEventListener('abort', () => controller.abort(signal.reason));
  }
  return controller.signal;
}

function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    // Removed once the promise settles (a signal aborts once: no `once` needed).
    signal.addEventListener('abort', onAbort);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const rejectedKey = () => failure('http', { status: 401 });

/**
 * Sends one request through the transport of the epoch it is made in. Once the service has
 * rejected the key, nothing more is sent with it: every call fails at once until a new
 * transport is set. Until it is sent, a request of any kind is dropped when the connection
 * changes; a sent read is aborted; a sent write completes against its own connection, but its
 * answer is not handed on (it rejects as aborted), so nothing of the old connection reaches the
 * new one's cache.
 */
export async function send<T>(options: RequestOptions<T>): Promise<T> {
  const own = epoch;
  if (own.keyRejected) throw await rejectedKey();
  const unsent = anySignal([options.signal, own.ended.signal]);
  const transport = await unlessAborted(own.transport, unsent);
  await unlessAborted(limiter.acquire(unsent), unsent);
  // The key may have been rejected while this request waited for its turn.
  if (own.keyRejected) throw await rejectedKey();

  const read = options.method === 'GET';
  const stop = read ? new AbortController() : undefined;
  const signal = read ? anySignal([options.signal, own.ended.signal, stop?.signal]) : options.signal;
  const settled = trackRequest({ read, limitMs: options.timeoutMs ?? READ_TIMEOUT_MS, stop });
  try {
    const result = await request(transport, { ...options, signal });
    if (own !== epoch) throw connectionChanged();
    return result;
  } catch (error) {
    if (own !== epoch) throw connectionChanged();
    if (stop?.signal.aborted && !options.signal?.aborted) throw await stoppedWaitingError();
    if (isApiError(error)) {
      if (error.isUnauthorized && !own.keyRejected) {
        own.keyRejected = true;
        emit();
      }
      if (error.status === 429) void limiter.backOff(error.retryAfterSeconds);
    }
    throw error;
  } finally {
    settled();
  }
}
