import { faultResponse, isApplyingFault, STALL_LIMIT_MS, type FaultInjector } from './faults';
import type { RateLimiter } from './rate-limit';
import { notFound, tooManyAttempts, unauthenticated } from './responses';
import { pause, type Route, type RouteContext } from './route-context';
import type { ReportStore } from './store';

// The request pipeline every simulated API call goes through, in the order the real stack
// applies it: the network (latency), whatever sits in front of the service (faults), the
// router (unknown routes are 404 before any auth), auth, throttling, then the route.

/** Settings read on every request, so they can be changed while the simulator runs. */
export interface ServiceSettings {
  validKeys: string[];
  latencyMs: number;
  analysisDelayMs: number;
  cors: boolean;
  /** Requests allowed per sliding minute; 0 or undefined turns the limit off. */
  rateLimitPerMinute?: number;
  /**
   * Another client of the same key (an integration, a colleague, a cron job) that sends this
   * many requests a minute, evenly spaced: they count against `rateLimitPerMinute` as the
   * dashboard's do, so the dashboard meets 429s its own budget cannot foresee. 0 or undefined: none.
   */
  otherClientPerMinute?: number;
  clock: () => number;
  /**
   * How an apply-then-cut loses its answer. In the page (false): the fetch fails, as a dropped
   * connection does. Over real HTTP (true, scripts/simulator-server.ts): the answer is marked
   * with CUT_AFTER_HEADERS and the server sends its status and headers, then drops the body.
   * A connection closed before any answer is not a lost answer to Chromium when the socket was
   * a reused keep-alive one: it sends the request again by itself, whatever its method (so the
   * write would be applied twice, by the browser, where no client code can stop it).
   */
  cutAnswersAfterHeaders?: boolean;
}

/** Marks an answer whose body the HTTP server must cut (see `cutAnswersAfterHeaders`). */
export const CUT_AFTER_HEADERS = 'X-Simulator-Cut-After-Headers';
/** Marks an answer the HTTP server must not send at all: it closes the connection instead. */
export const CLOSE_BEFORE_ANSWER = 'X-Simulator-Close-Before-Answer';

export interface ServiceParts {
  store: ReportStore;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  settings: ServiceSettings;
}

export interface SimulatedService {
  /** Runs a request through the pipeline; `route` null means no route matched. */
  serve(request: Request, route: Route | null): Promise<Response>;
  /** Answers a CORS preflight (OPTIONS). */
  preflight(): Response;
}

const CORS_ALLOW_HEADERS = 'Authorization, Accept, Content-Type';
const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/** Laravel's expectsJson(): the preferred Accept type is JSON, or an XHR that accepts anything. */
function expectsJson(request: Request): boolean {
  const accept = request.headers.get('Accept') ?? '';
  const first = (accept.split(',')[0] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (first.includes('/json') || first.includes('+json')) return true;
  const isXhr = request.headers.get('X-Requested-With') === 'XMLHttpRequest';
  return isXhr && (first === '' || first === '*/*');
}

/** Response.error() and redirects from fetch have immutable headers; leave those alone. */
function setHeaders(response: Response, headers: Record<string, string>): Response {
  if (response.type === 'error') return response;
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function createService({ store, faults, rateLimiter, settings }: ServiceParts): SimulatedService {
  const context: RouteContext = {
    store,
    clock: () => settings.clock(),
    // The real service keeps analysing after the client has gone (a timeout, a lost
    // connection): the report is created all the same. So the analysis ignores the abort.
    analyse: () => pause(settings.analysisDelayMs, undefined),
  };

  // A recent service sends CORS headers on every answer; an old one none at all. Faults get
  // them too, so a browser client under test can read the failure it is meant to handle.
  const withCors = (response: Response) =>
    settings.cors ? setHeaders(response, { 'Access-Control-Allow-Origin': '*' }) : response;

  const authenticate = (request: Request): Response | null => {
    const token = bearerToken(request);
    if (token !== null && settings.validKeys.includes(token)) return null;
    if (expectsJson(request)) return unauthenticated();
    // A browser-style request is sent to the HTML login page instead (seen in the service).
    const login = new URL('/login', request.url).href;
    return new Response(null, { status: 302, headers: { Location: login } });
  };

  const throttle = (): { refused: Response } | { headers: Record<string, string> } => {
    const limit = settings.rateLimitPerMinute ?? 0;
    if (limit <= 0) return { headers: {} };
    const decision = rateLimiter.hit(settings.clock(), limit, settings.otherClientPerMinute ?? 0);
    if (!decision.allowed) return { refused: tooManyAttempts(decision.retryAfterSeconds, limit) };
    return { headers: { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(decision.remaining) } };
  };

  return {
    async serve(request, route) {
      // A request abandoned during the network wait never reaches the service.
      if (!(await pause(settings.latencyMs, request.signal))) return Response.error();

      const injected = faults.take(request);
      const fault = injected?.kind ?? null;
      if (fault === 'stall') {
        await pause(STALL_LIMIT_MS, request.signal);
        return Response.error();
      }
      if (fault !== null && !isApplyingFault(fault)) {
        return withCors(faultResponse(fault, injected?.retryAfterSeconds));
      }
      if (!route) return withCors(notFound());

      const refusedAuth = authenticate(request);
      if (refusedAuth) return withCors(refusedAuth);

      const throttled = throttle();
      if ('refused' in throttled) return withCors(throttled.refused);

      // Read before the first run consumes the body.
      const resent = fault === 'apply-then-resend' ? request.clone() : null;
      const response = await route(request, context);
      if (resent) {
        // Over HTTP the server closes the connection and the browser sends it again itself.
        if (settings.cutAnswersAfterHeaders) return setHeaders(response, { [CLOSE_BEFORE_ANSWER]: '1' });
        // In the page there is no browser to do it: the second request arrives as the first left.
        const again = throttle();
        if ('refused' in again) return withCors(again.refused);
        return withCors(setHeaders(await route(resent, context), again.headers));
      }
      // The work is done and kept; only the answer is lost on the way back.
      if (fault === 'apply-then-cut')
        return settings.cutAnswersAfterHeaders
          ? setHeaders(withCors(response), { [CUT_AFTER_HEADERS]: '1' })
          : Response.error();
      return withCors(setHeaders(response, throttled.headers));
    },

    preflight() {
      // The old version without CORS has no OPTIONS route at all.
      if (!settings.cors) return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Max-Age': '86400',
        },
      });
    },
  };
}
