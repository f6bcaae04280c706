import { createRandom, type Random } from './random';
import { gatewayPage, html, json, noApiAccess, serverError, tooManyAttempts, unauthenticated } from './responses';

// Failures the client must survive, on demand: queued for the next matching request(s)
// (deterministic, for tests) or sprinkled at random (chaos, for the demo and soak tests).

export type FaultKind =
  | '401'
  | '403'
  | '429'
  | '500'
  | '502'
  | '503'
  | '504'
  /** The connection drops: fetch rejects with a TypeError. */
  | 'network'
  /** 200 with an HTML page, as a proxy that serves the app's index.html for every path would. */
  | 'html200'
  /** 200 with well-formed JSON of the wrong shape. */
  | 'invalid-json'
  /** 200 with a JSON content type and a body cut off mid-way: it does not parse. */
  | 'truncated-json'
  /**
   * The service does the work (a write is applied), then the connection drops before the
   * answer arrives: the client cannot tell whether its write happened.
   */
  | 'apply-then-cut'
  /**
   * The service does the work, then the connection closes before any byte of the answer: on a
   * reused keep-alive connection the browser sends the request again by itself, and the service
   * does it again (a POST leaves two reports; the client sees one success). Over real HTTP the
   * server closes the socket and Chromium re-sends for real; in the page, the simulator runs the
   * request a second time and answers that one, as the browser would have.
   */
  | 'apply-then-resend'
  /** No answer at all until the client gives up (or STALL_LIMIT_MS passes): a hung service. */
  | 'stall';

export const FAULT_KINDS: readonly FaultKind[] = [
  '401',
  '403',
  '429',
  '500',
  '502',
  '503',
  '504',
  'network',
  'html200',
  'invalid-json',
  'truncated-json',
  'apply-then-cut',
  'apply-then-resend',
  'stall',
];

/** A stalled request is let go after this long, so a forgotten test cannot hold a server forever. */
export const STALL_LIMIT_MS = 5 * 60_000;

/** Which requests a fault applies to; leave a field out to match any. */
export interface FaultTarget {
  /** HTTP method, any case. */
  method?: string;
  /** Exact pathname (`/api/v1/reports`), a prefix ending in `*` (`/api/v1/reports*`), or a RegExp on the pathname. */
  path?: string | RegExp;
}

export interface QueuedFault extends FaultTarget {
  kind: FaultKind;
  /** How many matching requests fail; default 1. */
  times?: number;
  /** The Retry-After of a 429 (default 1) or a 503 (default none), in seconds. */
  retryAfterSeconds?: number;
}

export interface RandomFaultConfig extends FaultTarget {
  /** Probability 0..1 that a matching request fails. */
  rate: number;
  /** Kinds to choose from, uniformly; default: 500, 502, 503, 504, 429 and network. */
  kinds?: readonly FaultKind[];
  /** Seed of the dice, so a chaos run can be replayed; default 1. */
  seed?: number;
}

export interface InjectedFault {
  kind: FaultKind;
  method: string;
  path: string;
  source: 'queued' | 'random';
  retryAfterSeconds?: number;
}

export interface FaultController {
  /** Makes the next matching request(s) fail with `kind`. Queued faults apply in order. */
  next(fault: QueuedFault): void;
  /** Turns random faults on (or off with `null`). */
  setRandom(config: RandomFaultConfig | null): void;
  /** Removes queued and random faults and empties the log. */
  clear(): void;
  /** Every fault injected since the last clear, oldest first. */
  readonly log: readonly InjectedFault[];
  /** How many faults (of one kind, or all) were injected since the last clear. */
  count(kind?: FaultKind): number;
  /** How many queued faults are still waiting for a request. */
  pending(): number;
}

/** The part the request pipeline uses; not meant for tests. */
export interface FaultInjector extends FaultController {
  /** Decides whether this request fails and records it: the failure, or null. */
  take(request: Request): InjectedFault | null;
}

const DEFAULT_RANDOM_KINDS: readonly FaultKind[] = ['500', '502', '503', '504', '429', 'network'];

function matches(target: FaultTarget, method: string, path: string): boolean {
  if (target.method !== undefined && target.method.toUpperCase() !== method) return false;
  if (target.path === undefined) return true;
  if (target.path instanceof RegExp) return target.path.test(path);
  if (target.path.endsWith('*')) return path.startsWith(target.path.slice(0, -1));
  return path === target.path;
}

/** The faults where the service does the work before the answer goes wrong. */
export type ApplyingFault = 'apply-then-cut' | 'apply-then-resend';

export function isApplyingFault(kind: FaultKind): kind is ApplyingFault {
  return kind === 'apply-then-cut' || kind === 'apply-then-resend';
}

/** The answer of a fault that replaces the service's answer (not one that applies, or stall). */
export function faultResponse(kind: Exclude<FaultKind, ApplyingFault | 'stall'>, retryAfterSeconds?: number): Response {
  switch (kind) {
    case '401':
      return unauthenticated();
    case '403':
      return noApiAccess();
    case '429':
      return tooManyAttempts(retryAfterSeconds ?? 1, 60);
    case '500':
      return serverError();
    case '503': {
      // A service down on purpose (maintenance) may say when to come back.
      const page = gatewayPage(503);
      if (retryAfterSeconds !== undefined) page.headers.set('Retry-After', String(retryAfterSeconds));
      return page;
    }
    case '502':
    case '504':
      return gatewayPage(Number(kind) as 502 | 504);
    case 'network':
      return Response.error();
    case 'html200':
      return html(
        '<!doctype html><html lang="en"><head><title>SEO Reports</title></head><body><div id="root"></div></body></html>',
        200,
      );
    case 'invalid-json':
      return json({ data: 'Service is in maintenance mode', status: 200 });
    case 'truncated-json':
      return new Response('{"data":[{"id":1,"url":"exa', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
  }
}

export function createFaultInjector(): FaultInjector {
  let queue: { fault: QueuedFault; remaining: number }[] = [];
  let randomConfig: { config: RandomFaultConfig; random: Random } | null = null;
  let log: InjectedFault[] = [];

  const pickQueued = (method: string, path: string): QueuedFault | null => {
    const entry = queue.find((candidate) => matches(candidate.fault, method, path));
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) queue = queue.filter((candidate) => candidate !== entry);
    return entry.fault;
  };

  const pickRandom = (method: string, path: string): FaultKind | null => {
    if (!randomConfig || !matches(randomConfig.config, method, path)) return null;
    const { config, random } = randomConfig;
    if (random() >= config.rate) return null;
    const kinds = config.kinds && config.kinds.length > 0 ? config.kinds : DEFAULT_RANDOM_KINDS;
    return kinds[Math.floor(random() * kinds.length)] ?? null;
  };

  return {
    next(fault) {
      queue.push({ fault, remaining: fault.times ?? 1 });
    },
    setRandom(config) {
      randomConfig = config ? { config, random: createRandom(config.seed ?? 1) } : null;
    },
    clear() {
      queue = [];
      randomConfig = null;
      log = [];
    },
    get log() {
      return log;
    },
    count: (kind) => (kind === undefined ? log.length : log.filter((entry) => entry.kind === kind).length),
    pending: () => queue.reduce((sum, entry) => sum + entry.remaining, 0),
    take(request) {
      const method = request.method.toUpperCase();
      const path = new URL(request.url).pathname;
      const queued = pickQueued(method, path);
      const kind = queued?.kind ?? pickRandom(method, path);
      if (kind === null) return null;
      const injected: InjectedFault = { kind, method, path, source: queued !== null ? 'queued' : 'random' };
      if (queued?.retryAfterSeconds !== undefined) injected.retryAfterSeconds = queued.retryAfterSeconds;
      log.push(injected);
      return injected;
    },
  };
}
