import { notFound } from './responses';
import { findRoute } from './routes';
import type { SimulatedService } from './service';

// A fetch() that answers from the route table in-process: the demo uses it instead of
// window.fetch (no service worker to install), and tests can call it directly. It behaves
// like fetch where clients notice: it rejects with TypeError on a network error, rejects
// with the signal's reason (an AbortError by default) on abort, and follows redirects.

export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

function abortReason(signal: AbortSignal): unknown {
  // fetch rejects with the signal's reason; controller.abort() without one makes an AbortError.
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function defaultBaseUrl(): string {
  // In a browser, relative URLs resolve against the page, as window.fetch does.
  return typeof location !== 'undefined' && location.href.startsWith('http') ? location.href : 'http://localhost/';
}

export function createSimulatedFetch(service: SimulatedService, baseUrl?: string): FetchFunction {
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) throw abortReason(signal);

    const target = input instanceof Request ? input : new URL(String(input), baseUrl ?? defaultBaseUrl()).href;
    let request = new Request(target, init);

    for (let redirects = 0; ; redirects += 1) {
      const route = findRoute(request);
      const response = route ? await untilAborted(Promise.resolve(route.answer(service, request)), signal) : notFound();
      if (response.type === 'error') throw new TypeError('Failed to fetch');

      const location = response.headers.get('Location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null || request.redirect === 'manual')
        return response;
      if (request.redirect === 'error' || redirects >= MAX_REDIRECTS) throw new TypeError('Failed to fetch');
      // Browsers turn a redirected POST into a GET without a body; keep headers (same origin here).
      const method = response.status === 303 || request.method === 'POST' ? 'GET' : request.method;
      request = new Request(new URL(location, request.url).href, {
        method,
        headers: request.headers,
        signal: signal ?? null,
        redirect: request.redirect,
      });
    }
  };
}
