import { ApiError, retryAfterOf } from './errors';
import type { Failure, FailureKind } from './failure-words';

/** Where and how requests go: set by the app from the saved connection (or the demo simulator). */
export interface Transport {
  /** Empty string = same origin as the dashboard. */
  baseUrl: string;
  apiKey: string;
  /** The demo mode passes the simulator's fetch here; otherwise the browser's. */
  fetch?: typeof fetch;
}

export type QueryValue = string | number | undefined;

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path segments after /api/v1, each encoded here, e.g. ['projects', 'a b/ü%']. */
  path: readonly (string | number)[];
  query?: Record<string, QueryValue>;
  form?: Record<string, QueryValue>;
  /** Reads the answer's JSON into the app's types (./parsers); throws when it cannot. */
  parse: (body: unknown) => T;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** Reads are quick; store and re-analysis fetch and analyse a page inside the request. */
export const READ_TIMEOUT_MS = 30_000;
export const ANALYSIS_TIMEOUT_MS = 120_000;

export function buildUrl(baseUrl: string, path: RequestOptions<unknown>['path'], query?: Record<string, QueryValue>) {
  const base = baseUrl.replace(/\/+$/, '');
  const segments = path.map((segment) => encodeURIComponent(String(segment))).join('/');
  const search = toSearchParams(query).toString();
  return `${base}/api/v1/${segments}${search ? `?${search}` : ''}`;
}

function toSearchParams(values?: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  return params;
}

/** The words of a failure, which load with the first one (or when idle after the first data). */
export const loadFailureWords = () => import('./failure-words');

/**
 * How long a failure waits for its words (their code, their catalog in the language on screen):
 * on a network that stalls rather than fails, the page must still hear of the failure.
 */
export const FAILURE_WORDS_WAIT_MS = 3_000;

/** `promise`, or a rejection once `ms` have passed without it settling. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The ApiError of a failure, in the words of ./failure-words. Without their code or their catalog
 * (offline before they came, a newer deployment removed the file, or they take longer than
 * FAILURE_WORDS_WAIT_MS) the error keeps what the app acts on, its kind, status and Retry-After,
 * and says what kind of failure it was in a few English words.
 */
export function failure(kind: FailureKind, seen: Failure): Promise<ApiError> {
  const words = loadFailureWords().then(async (loaded) => {
    await loaded.wordsReady();
    return loaded;
  });
  return within(words, FAILURE_WORDS_WAIT_MS)
    .then((loaded) => loaded.failureOf(kind, seen))
    .catch(() => {
      const status = seen.response?.status ?? seen.status;
      const message =
        kind === 'network'
          ? 'Could not reach the service. Check the connection.'
          : status
            ? `The service answered with an error (${status}).`
            : 'The request failed. Try again.';
      return new ApiError(kind, message, { ...seen, status, retryAfterSeconds: retryAfterOf(seen.response) });
    });
}

/**
 * One call to the v1 service. Adds the base URL, auth and Accept headers, encodes path and
 * form, applies a timeout, reads the answer with `parse`, and turns every failure into ApiError.
 * A cancellation by the caller's signal is rethrown as the AbortError it is.
 */
export async function request<T>(transport: Transport, options: RequestOptions<T>): Promise<T> {
  const { method, path, query, form, parse, signal } = options;
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${transport.apiKey}`,
  };
  let body: string | undefined;
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = toSearchParams(form).toString();
  }

  const doFetch = transport.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(buildUrl(transport.baseUrl, path, query), {
      method,
      headers,
      body,
      signal: controller.signal,
      // The key travels in a header; cookies of the service's origin have no business here.
      credentials: 'omit',
    });
    text = await response.text();
  } catch (cause) {
    if (!timedOut && signal?.aborted) throw cause;
    throw await failure(timedOut ? 'timeout' : 'network', { cause, timeoutMs });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  if (!response.ok) throw await failure('http', { response, text });
  try {
    // An empty answer (204) is null, for the readers that accept one.
    return parse(text.trim() ? JSON.parse(text) : null);
  } catch (cause) {
    // Not JSON, or a reader's error (or a bug in one): the page gets the one typed error.
    throw await failure('invalid-response', { text, cause });
  }
}
