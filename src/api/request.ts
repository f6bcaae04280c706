import type * as z from 'zod/mini';
import { CLIENT_FAILURES, describeStatus } from '../lib/error-words';
import { ApiError } from './errors';
import { ErrorBodySchema } from './schemas';

/** Where and how requests go: set by the app from the saved connection (or the demo simulator). */
export interface Transport {
  /** Empty string = same origin as the dashboard. */
  baseUrl: string;
  apiKey: string;
  /** The demo mode passes the simulator's fetch here; otherwise the browser's. */
  fetch?: typeof fetch;
}

export type QueryValue = string | number | undefined;

export interface RequestOptions<T extends z.ZodMiniType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path segments after /api/v1, each encoded here, e.g. ['projects', 'a b/ü%']. */
  path: readonly (string | number)[];
  query?: Record<string, QueryValue>;
  form?: Record<string, QueryValue>;
  schema: T;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** Reads are quick; store and re-analysis fetch and analyse a page inside the request. */
export const READ_TIMEOUT_MS = 30_000;
export const ANALYSIS_TIMEOUT_MS = 120_000;

export function buildUrl(
  baseUrl: string,
  path: RequestOptions<z.ZodMiniType>['path'],
  query?: Record<string, QueryValue>,
) {
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

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * One call to the v1 service. Adds the base URL, auth and Accept headers, encodes path and
 * form, applies a timeout, parses the answer with `schema`, and turns every failure into ApiError.
 * A cancellation by the caller's signal is rethrown as the AbortError it is.
 */
export async function request<T extends z.ZodMiniType>(
  transport: Transport,
  options: RequestOptions<T>,
): Promise<z.output<T>> {
  const { method, path, query, form, schema, signal } = options;
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
  try {
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
    } catch (error) {
      if (timedOut) {
        throw new ApiError('timeout', CLIENT_FAILURES.timeout(Math.round(timeoutMs / 1000)), { cause: error });
      }
      if (signal?.aborted) throw error;
      throw new ApiError('network', CLIENT_FAILURES.network, { cause: error });
    }

    // An empty answer (204) is null, for the schemas that accept one.
    const json = text.trim() === '' && response.ok ? ({ ok: true, value: null } as const) : tryParseJson(text);
    if (!response.ok) {
      const parsedBody = json.ok ? ErrorBodySchema.safeParse(json.value) : undefined;
      const serviceMessage = parsedBody?.success ? parsedBody.data.message : undefined;
      throw new ApiError('http', serviceMessage ?? describeStatus(response.status), {
        status: response.status,
        fieldErrors: parsedBody?.success ? parsedBody.data.fieldErrors : {},
        retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
      });
    }
    if (!json.ok) {
      const looksLikeHtml = /^\s*</.test(text);
      throw new ApiError('invalid-response', looksLikeHtml ? CLIENT_FAILURES.webPage : CLIENT_FAILURES.notJson);
    }
    const parsed = schema.safeParse(json.value);
    if (!parsed.success) {
      throw new ApiError('invalid-response', CLIENT_FAILURES.unexpectedShape, { cause: parsed.error });
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
