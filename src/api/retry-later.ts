import { isApiError } from './errors';

/**
 * "Not now": the service refused a request without doing anything, and says when to come back.
 * A 429 (the account's limit was reached: another client of the same key may use it too) or a
 * 503 with Retry-After (down for a moment, on purpose). Sending the same request again later is
 * safe for every write, since the service did nothing. Writes wait this long and are sent
 * again: the job queue's items by themselves, a form's write when the person says so
 * (docs/decisions/0066). Reads' retries wait the same for a 429 (`retryDelay` in
 * app/query-client.ts), computed there: it is in the first paint of /reports, this is not.
 */

/** The service's whole window, when a 429's Retry-After cannot be read (a browser on another origin). */
const LIMIT_WINDOW_MS = 60_000;
/** Past the time the service gave: it is whole seconds, and its window may close a moment later. */
const MARGIN_MS = 1000;
/** A longer Retry-After is not about a per-minute limit: looked at again after this long. */
const MAX_WAIT_MS = 5 * 60_000;

/** How long to wait before sending the same request again, or null when the failure is not a "not now". */
export function retryLaterMs(error: unknown): number | null {
  if (!isApiError(error) || error.kind !== 'http') return null;
  const { status, retryAfterSeconds } = error;
  if (status !== 429 && !(status === 503 && retryAfterSeconds !== undefined)) return null;
  const askedMs = (retryAfterSeconds ?? LIMIT_WINDOW_MS / 1000) * 1000;
  return Math.min(askedMs + MARGIN_MS, MAX_WAIT_MS);
}

/** Whether the "not now" was the account's limit (429), rather than the service being away (503). */
export function isLimitReached(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 429;
}
