import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type FieldErrors } from '../../src/api';
import { deleteProject, deleteReport, storeReport, updateReport } from '../../src/api/writes';
import { createQueryClient, retryDelay, shouldRetryRead } from '../../src/app/query-client';
import { describeError } from '../../src/api/error-words';
import { projectQueries } from '../../src/features/projects/queries';
import { reportQueries } from '../../src/features/reports/queries';
import type { FaultKind } from '../../src/simulator';
import { connectSimulator } from '../helpers/render-app';

/**
 * Every fault the simulated service can inject, against every operation: what the user is told,
 * and how many requests went out (reads retry transient failures, up to 3 tries; writes never).
 */
type Setup = ReturnType<typeof connectSimulator>;

interface Operation {
  name: string;
  method: string;
  path: (setup: Setup) => string;
  kind: 'read' | 'write';
  run: (setup: Setup, queryClient: QueryClient) => Promise<unknown>;
}

const firstReport = (setup: Setup) => {
  const report = setup.simulator.store.reports()[0];
  if (!report) throw new Error('seed has reports');
  return report;
};

const OPERATIONS: Operation[] = [
  {
    name: 'list reports',
    method: 'GET',
    kind: 'read',
    path: () => '/api/v1/reports',
    run: (_, qc) => qc.fetchQuery(reportQueries.list({ result: 'good' })),
  },
  {
    name: 'show a report',
    method: 'GET',
    kind: 'read',
    path: (s) => `/api/v1/reports/${firstReport(s).id}`,
    run: (s, qc) => qc.fetchQuery(reportQueries.detail(String(firstReport(s).id))),
  },
  {
    name: 'list projects',
    method: 'GET',
    kind: 'read',
    path: () => '/api/v1/projects',
    run: (_, qc) => qc.fetchQuery(projectQueries.list({})),
  },
  {
    name: 'store a report',
    method: 'POST',
    kind: 'write',
    path: () => '/api/v1/reports',
    run: () => storeReport({ url: 'https://example.com/new', privacy: 'public' }),
  },
  {
    name: 'update a report',
    method: 'PATCH',
    kind: 'write',
    path: (s) => `/api/v1/reports/${firstReport(s).id}`,
    run: (s) => updateReport(String(firstReport(s).id), { privacy: 'private' }),
  },
  {
    name: 'delete a report',
    method: 'DELETE',
    kind: 'write',
    path: (s) => `/api/v1/reports/${firstReport(s).id}`,
    run: (s) => deleteReport(String(firstReport(s).id)),
  },
  {
    name: 'delete a project',
    method: 'DELETE',
    kind: 'write',
    path: (s) => `/api/v1/projects/${encodeURIComponent(firstReport(s).project)}`,
    run: (s) => deleteProject(firstReport(s).project),
  },
];

// apply-then-cut and stall have their own suites (tests/integration/unknown-outcomes.test.tsx).
type AnsweringFault = Exclude<FaultKind, 'apply-then-cut' | 'apply-then-resend' | 'stall'>;
const EXPECTED: Record<AnsweringFault, { title: string; transient: boolean; status?: number }> = {
  '500': { title: 'The service had a problem', transient: true, status: 500 },
  '502': { title: 'The service had a problem', transient: true, status: 502 },
  '503': { title: 'The service had a problem', transient: true, status: 503 },
  '504': { title: 'The service had a problem', transient: true, status: 504 },
  '429': { title: 'Too many requests', transient: true, status: 429 },
  network: { title: 'Could not reach the service', transient: true },
  '401': { title: 'The API key was rejected', transient: false, status: 401 },
  '403': { title: 'Not allowed', transient: false, status: 403 },
  html200: { title: 'The service sent something unexpected', transient: false },
  'invalid-json': { title: 'The service sent something unexpected', transient: false },
  'truncated-json': { title: 'The service sent something unexpected', transient: false },
};

function fastQueryClient(): QueryClient {
  // The app's own retry policy, without the waiting.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
  return queryClient;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each(OPERATIONS)('$name', (operation) => {
  it.each(Object.keys(EXPECTED) as AnsweringFault[])(
    '%s: tells the user plainly and retries only what helps',
    async (kind) => {
      const setup = connectSimulator();
      const path = operation.path(setup);
      const matching = () => setup.requests.filter((r) => r.method === operation.method && r.url.pathname === path);
      // A lasting outage: every try of this request fails the same way.
      setup.simulator.faults.next({ kind, method: operation.method, path, times: 10 });

      const error = await failure(operation.run(setup, fastQueryClient()));
      const expected = EXPECTED[kind];
      expect(describeError(error).title).toBe(expected.title);
      if (expected.status !== undefined) expect(error.status).toBe(expected.status);
      expect(error.message).not.toContain('test-key');
      const tries = operation.kind === 'read' && expected.transient ? 3 : 1;
      expect(matching()).toHaveLength(tries);
    },
  );
});

describe('a passing fault', () => {
  it.each(['500', '503', '429', 'network'] as const)('a read recovers by itself after one %s', async (kind) => {
    const setup = connectSimulator();
    setup.simulator.faults.next({ kind, method: 'GET', path: '/api/v1/reports' });
    const page = await fastQueryClient().fetchQuery(reportQueries.list({}));
    expect(page.items).toHaveLength(10);
    expect(setup.requests.filter((r) => r.url.pathname === '/api/v1/reports')).toHaveLength(2);
  });

  it('a write is never retried, even for a fault that would pass', async () => {
    const setup = connectSimulator();
    setup.simulator.faults.next({ kind: '503', method: 'POST' });
    await failure(storeReport({ url: 'https://example.com/x', privacy: 'public' }));
    expect(setup.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(setup.simulator.store.reports().some((r) => r.url === 'example.com/x')).toBe(false);
  });
});

describe('retry policy', () => {
  const http = (status: number, fieldErrors: FieldErrors = {}) => new ApiError('http', 'x', { status, fieldErrors });

  it('retries transient failures at most twice (three tries in all)', () => {
    const error = http(503);
    expect([0, 1, 2].map((count) => shouldRetryRead(count, error))).toEqual([true, true, false]);
  });

  it('never retries a 4xx other than 429, nor a broken answer', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldRetryRead(0, http(status))).toBe(false);
    expect(shouldRetryRead(0, http(429))).toBe(true);
    expect(shouldRetryRead(0, new ApiError('invalid-response', 'x'))).toBe(false);
    expect(shouldRetryRead(0, new Error('a bug'))).toBe(false);
  });

  it('honours Retry-After when the service sends one it can read', () => {
    // A 429 waits a second past what the service gave; a 503's Retry-After is taken as it is.
    expect(retryDelay(0, new ApiError('http', 'x', { status: 429, retryAfterSeconds: 7 }))).toBe(8000);
    expect(retryDelay(0, new ApiError('http', 'x', { status: 503, retryAfterSeconds: 7 }))).toBe(7000);
  });

  it('backs off exponentially with jitter otherwise', () => {
    const delays = Array.from({ length: 50 }, () => retryDelay(1, http(503)));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1500);
    expect(new Set(delays).size).toBeGreaterThan(1);
    expect(retryDelay(2, http(503))).toBeGreaterThanOrEqual(1000);
  });
});
