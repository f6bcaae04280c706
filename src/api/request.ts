import { ApiError, type ApiErrorDetails, type ApiErrorKind } from './errors';

/**
 * The words of a failure load with the first one (./failure-words), not with the first rows;
 * undefined if even they are out of reach (offline, or a newer deployment removed the file): the
 * error then says WORDS_UNAVAILABLE, and keeps its kind and status.
 */
export const loadFailureWords = () => import('./failure-words').catch(() => undefined);
export const WORDS_UNAVAILABLE = 'The request failed. Check the connection, then reload the page.';

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

/** The kinds of failure a request has of its own (an unknown outcome is the writes' finding). */
export type FailureKind = Exclude<ApiErrorKind, 'unknown-outcome'>;

/**
 * What a failure is made of, for failureOf() in ./failure-words: the ApiError's details, and
 * what its words come from: the answer of an `http` failure (`response`, its `text`), the text
 * of an `invalid-response` (with the reader's error as `cause`), the time a `timeout` waited.
 */
export interface Failure extends ApiErrorDetails {
  response?: Response;
  text?: string;
  timeoutMs?: number;
}

/**
 * The ApiError for a failure, once its words have loaded. Without them it keeps what the app
 * acts on, its kind and status (a 401 stops every request), and says WORDS_UNAVAILABLE; a
 * Retry-After is lost then, and the request budget pauses for its default time.
 */
export async function failure(kind: FailureKind, seen: Failure): Promise<ApiError> {
  const words = await loadFailureWords();
  return (
    words?.failureOf(kind, seen) ?? new ApiError(kind, WORDS_UNAVAILABLE, { status: seen.response?.status, ...seen })
  );
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
