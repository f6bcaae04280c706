import { describeStatus } from '../lib/error-words';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limiter';
import { ApiError, isApiError } from './errors';
import { request, type RequestOptions, type Transport } from './request';
import type * as z from 'zod/mini';

/**
 * The transport every API call uses, and what the dashboard knows about the current session:
 * whether the service rejected the key, and the request budget. The app sets the transport from
 * the saved connection; in demo mode it is a promise that resolves once the lazily loaded
 * simulator is ready, so route loaders can start requests at once and simply wait for it.
 */
let current: Promise<Transport> | undefined;
let keyRejected = false;
let limiter: RateLimiter | undefined;
let stopLimiterEvents: (() => void) | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** A new transport is a new key or service: it starts unrejected. */
export function setTransport(transport: Transport | Promise<Transport>): void {
  current = Promise.resolve(transport);
  keyRejected = false;
  emit();
}

export function getTransport(): Promise<Transport> {
  // No transport yet: same origin, no key; the service answers 401 and the UI leads to settings.
  current ??= Promise.resolve({ baseUrl: '', apiKey: '' });
  return current;
}

/** At most `perMinute` requests start in any minute; undefined removes the limit. */
export function setRequestLimit(perMinute: number | undefined): void {
  stopLimiterEvents?.();
  limiter = perMinute && perMinute > 0 ? createRateLimiter({ limit: perMinute }) : undefined;
  stopLimiterEvents = limiter?.subscribe(emit);
  emit();
}

export function isKeyRejected(): boolean {
  return keyRejected;
}

/** Requests waiting for a slot under the request limit. */
export function queuedRequestCount(): number {
  return limiter?.waiting() ?? 0;
}

export function onTransportChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Sends one request through the current transport. Once the service has rejected the key,
 * nothing more is sent with it: every call fails at once until a new transport is set.
 */
export async function send<T extends z.ZodMiniType>(options: RequestOptions<T>): Promise<z.output<T>> {
  const pending = getTransport();
  if (keyRejected) throw new ApiError('http', describeStatus(401), { status: 401 });
  const transport = await pending;
  await limiter?.acquire(options.signal);
  try {
    return await request(transport, options);
  } catch (error) {
    if (isApiError(error) && error.isUnauthorized && current === pending && !keyRejected) {
      keyRejected = true;
      emit();
    }
    throw error;
  }
}
