import type { ReportStore } from './store';

/** What a route needs besides the request. */
export interface RouteContext {
  store: ReportStore;
  /** Current time in ms, for timestamps of changes. */
  clock: () => number;
  /** Waits as long as an analysis takes; false if the client gave up meanwhile (then change nothing). */
  analyse: (request: Request) => Promise<boolean>;
}

export type Route = (request: Request, context: RouteContext) => Promise<Response> | Response;

/**
 * Resolves after `ms`, or early with false when the request is aborted. It resolves rather
 * than rejects so that an abandoned request never surfaces as an unhandled error (MSW would
 * log it, and the app's tests fail on any console.error).
 */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The last path segment, decoded by hand: project names can hold an encoded `/` (`%2F`),
 * which a router's params may mangle. Null when the encoding is malformed.
 */
export function lastPathSegment(request: Request): string | null {
  const raw = new URL(request.url).pathname.replace(/\/$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** A report id from the path; null when it is not a number (the service's route only matches digits). */
export function reportIdOf(request: Request): number | null {
  const segment = lastPathSegment(request);
  return segment !== null && /^\d+$/.test(segment) ? Number(segment) : null;
}
