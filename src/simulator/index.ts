import { createFaultInjector, type FaultController } from './faults';
import { createRateLimiter } from './rate-limit';
import { generateHostileReports } from './hostile-seed';
import { generateSiteHistory } from './history-seed';
import { generateLargeAccount } from './large-seed';
import { generateAddressesAccount } from './addresses-seed';
import { DEFAULT_NOW, DEFAULT_RANDOM_SEED, DEFAULT_REPORT_COUNT, generateSeedReports, type SeedReport } from './seed';
import { createService, type ServiceSettings, type SimulatedService } from './service';
import { createSimulatedFetch, type FetchFunction } from './simulated-fetch';
import { createStore, type Persistence, type ReportStore } from './store';

// The simulated v1 service: seeded data, a route table, an in-process fetch, and fault
// injection. One instance serves the app's tests (MSW handlers from ./msw), the demo
// (fetch, no service worker) and a local HTTP server for end-to-end tests.

export const DEMO_API_KEY = 'demo';

/**
 * Which data the service starts with: `demo`, a believable account (./seed), `hostile`,
 * records built to break a client (./hostile-seed), for checking that nothing they hold runs,
 * `large`, 10,000 reports over 40 projects (./large-seed), for measuring the audit at scale,
 * `history`, one project of 1,000 pages analysed three times (./history-seed), for measuring the
 * change report and the health chart, or `addresses`, pages with real-length addresses
 * (./addresses-seed), for measuring lists as a person meets them.
 */
export type SeedName = 'demo' | 'hostile' | 'large' | 'history' | 'addresses';
export const SEED_NAMES: readonly SeedName[] = ['demo', 'hostile', 'large', 'history', 'addresses'];

export function isSeedName(value: unknown): value is SeedName {
  return SEED_NAMES.includes(value as SeedName);
}

export interface SimulatorOptions {
  /** The data to start with (default `demo`). */
  seed?: SeedName;
  /** Random seed of the demo data; the same seed and `now` give the same reports. */
  randomSeed?: number;
  /** The "present" the seed data is dated back from (default 2026-11-01T12:00:00Z). */
  now?: Date;
  /** How many demo reports to seed (default 300); 0 starts empty. The other seeds have their own. */
  reportCount?: number;
  /**
   * The seed's reports, built ahead (the demo builds them in slices: seedReportsBySite), for a
   * start with nothing persisted. A reset builds them anew.
   */
  seedReports?: readonly SeedReport[];
  /** Accepted API keys (default `['demo']`). */
  validKeys?: string[];
  /** Delay before every answer, in ms (default 0). */
  latencyMs?: number;
  /** Extra delay of store and of update with results=1, which analyse a page (default 0). */
  analysisDelayMs?: number;
  /** Keeps state across page loads in demo mode; saved after every change. */
  persistence?: Persistence;
  /** Send CORS headers and answer preflights, as recent versions do (default true). */
  cors?: boolean;
  /** Answer 429 beyond this many requests in a sliding minute (default: no limit). */
  rateLimitPerMinute?: number;
  /**
   * Another client of the same key spends this many of those requests a minute, evenly spaced
   * (default: none): the dashboard meets 429s that its own budget cannot foresee.
   */
  otherClientPerMinute?: number;
  /** Current time in ms, for timestamps of changes and the rate limit (default Date.now). */
  clock?: () => number;
  /** Base for relative URLs given to `fetch` (default: the page's location, else http://localhost/). */
  baseUrl?: string;
  /** An apply-then-cut answers status and headers, then drops the body (the HTTP server; default false). */
  cutAnswersAfterHeaders?: boolean;
}

/** The options in effect. Fields of `ServiceSettings` are read per request and may be changed live. */
export interface ResolvedSimulatorOptions extends ServiceSettings {
  seed: SeedName;
  randomSeed: number;
  now: Date;
  reportCount: number;
  persistence?: Persistence;
  baseUrl?: string;
}

export interface Simulator {
  /** Answers requests; `createMswHandlers(simulator)` in ./msw wraps it for MSW's setupServer. */
  service: SimulatedService;
  /** A fetch() answered in-process, without MSW, so the demo bundle stays small. */
  fetch: FetchFunction;
  store: ReportStore;
  faults: FaultController;
  /**
   * Back to the seed data, no faults, an empty rate-limit window (and saved, if persisted).
   * Given a seed name, that seed is used from now on.
   */
  reset(seed?: SeedName): void;
  options: ResolvedSimulatorOptions;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const resolved: ResolvedSimulatorOptions = {
    seed: options.seed ?? 'demo',
    randomSeed: options.randomSeed ?? DEFAULT_RANDOM_SEED,
    now: options.now ?? DEFAULT_NOW,
    reportCount: options.reportCount ?? DEFAULT_REPORT_COUNT,
    validKeys: options.validKeys ?? [DEMO_API_KEY],
    latencyMs: options.latencyMs ?? 0,
    analysisDelayMs: options.analysisDelayMs ?? 0,
    cors: options.cors ?? true,
    clock: options.clock ?? (() => Date.now()),
  };
  if (options.rateLimitPerMinute !== undefined) resolved.rateLimitPerMinute = options.rateLimitPerMinute;
  if (options.otherClientPerMinute !== undefined) resolved.otherClientPerMinute = options.otherClientPerMinute;
  if (options.persistence !== undefined) resolved.persistence = options.persistence;
  if (options.baseUrl !== undefined) resolved.baseUrl = options.baseUrl;
  if (options.cutAnswersAfterHeaders !== undefined) resolved.cutAnswersAfterHeaders = options.cutAnswersAfterHeaders;

  const seedReports = (): SeedReport[] => {
    switch (resolved.seed) {
      case 'hostile':
        return generateHostileReports(resolved.now);
      case 'large':
        return generateLargeAccount({ seed: resolved.randomSeed, now: resolved.now });
      case 'history':
        return generateSiteHistory({ seed: resolved.randomSeed, now: resolved.now });
      case 'addresses':
        return generateAddressesAccount({ seed: resolved.randomSeed, now: resolved.now });
      case 'demo':
        return generateSeedReports({
          randomSeed: resolved.randomSeed,
          now: resolved.now,
          reportCount: resolved.reportCount,
        });
    }
  };
  let builtAhead = options.seedReports;
  const store = createStore({
    seed: () => {
      const first = builtAhead ?? seedReports();
      builtAhead = undefined;
      return first;
    },
    ...(resolved.persistence ? { persistence: resolved.persistence } : {}),
  });
  const faults = createFaultInjector();
  const rateLimiter = createRateLimiter();
  const service = createService({ store, faults, rateLimiter, settings: resolved });

  return {
    service,
    fetch: createSimulatedFetch(service, resolved.baseUrl),
    store,
    // Expose the controller only: `take` belongs to the pipeline.
    faults: {
      next: (fault) => faults.next(fault),
      setRandom: (config) => faults.setRandom(config),
      clear: () => faults.clear(),
      get log() {
        return faults.log;
      },
      count: (kind) => faults.count(kind),
      pending: () => faults.pending(),
    },
    reset(seed) {
      if (seed !== undefined) resolved.seed = seed;
      store.replaceAll(seedReports());
      faults.clear();
      rateLimiter.reset();
    },
    options: resolved,
  };
}

export type { FaultController, FaultKind, FaultTarget, InjectedFault, QueuedFault, RandomFaultConfig } from './faults';
export { FAULT_KINDS } from './faults';
export { CLOSE_BEFORE_ANSWER, CUT_AFTER_HEADERS } from './service';
export type { FetchFunction } from './simulated-fetch';
export type { Persistence, ReportStore } from './store';
export type {
  CheckResult,
  CheckResults,
  Importance,
  JsonValue,
  Privacy,
  ProjectRecord,
  Rating,
  ReportRecord,
} from './types';
export { CHECK_GROUPS, CHECK_NAMES } from './checks';
export { computeScore, ratingOf } from './scoring';
export { DEFAULT_NOW, DEFAULT_RANDOM_SEED, generateSeedReports, seedReportsBySite } from './seed';
export { DEMO_SITES } from './demo-sites';
export type { DemoPage, DemoSite } from './demo-sites';
export { HOSTILE, HOSTILE_PROJECTS, HUGE_LENGTH, UNKNOWN_CHECK_NAME, generateHostileReports } from './hostile-seed';
export type { SeedOptions, SeedReport } from './seed';
export { generateLargeAccount, LARGE_ACCOUNT } from './large-seed';
