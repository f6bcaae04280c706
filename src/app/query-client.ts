import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api';

const MAX_READ_TRIES = 3;

/** Transient failures of reads are worth another try; a 4xx (other than 429) never is. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.isTransient && failureCount < MAX_READ_TRIES - 1;
}

/** After a 429, past the service's whole window when its Retry-After cannot be read (CORS). */
const RATE_LIMIT_WINDOW_MS = 60_000;
const MAX_RATE_LIMIT_WAIT_MS = 5 * 60_000;

/**
 * Exponential backoff with jitter, or what the service asked for in Retry-After. A 429 is
 * retried only once the service's one-minute window has surely moved on (the request budget
 * holds every request of every tab until then anyway): a retry after a second would only earn
 * another 429. A readable Retry-After is waited out with a second to spare: it is whole seconds,
 * and the service's window may close a moment after the time it gave.
 */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.status === 429) {
    const waitMs = error.retryAfterSeconds === undefined ? RATE_LIMIT_WINDOW_MS : error.retryAfterSeconds * 1000;
    return Math.min(waitMs + 1000, MAX_RATE_LIMIT_WAIT_MS);
  }
  if (isApiError(error) && error.retryAfterSeconds !== undefined) {
    return Math.min(error.retryAfterSeconds * 1000, 30_000);
  }
  const base = 500 * 2 ** failureCount;
  return Math.min(base / 2 + Math.random() * base, 10_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryRead,
        retryDelay,
        // A route loader's request already had its tries: a page mounting on its failure shows
        // the error (with "Try again") instead of silently sending the same request again.
        retryOnMount: false,
        refetchOnWindowFocus: true,
        // Back online, whatever is on screen may be out of date: refresh it even if "fresh".
        refetchOnReconnect: 'always',
      },
      // Writes are never retried behind the user's back: the UI offers a retry instead.
      mutations: { retry: false },
    },
  });
}
