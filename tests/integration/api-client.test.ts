import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { api, ApiError, setTransport } from '../../src/api';
import { deleteProject, deleteReport, storeReport, updateReport } from '../../src/api/writes';
import { listProjects } from '../../src/api/projects';
import { ANALYSIS_TIMEOUT_MS, READ_TIMEOUT_MS } from '../../src/api/request';
import { createSimulator } from '../../src/simulator';
import { createMswHandlers } from '../../src/simulator/msw';

const BASE = 'http://api.test';
const KEY = 'contract-key';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
}
let seen: Seen[] = [];
let simulator = createSimulator({ validKeys: [KEY] });
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  simulator = createSimulator({ validKeys: [KEY] });
  server.resetHandlers(...createMswHandlers(simulator));
  seen = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const clone = request.clone();
    void clone.text().then((body) =>
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        credentials: request.credentials,
        body,
      }),
    );
  });
  setTransport({ baseUrl: BASE, apiKey: KEY });
});

async function lastRequest(): Promise<Seen> {
  await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
  const last = seen.at(-1);
  if (!last) throw new Error('no request');
  return last;
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Calls every operation of the API once, and waits until the server has seen all seven. */
async function callEveryOperation(): Promise<Seen[]> {
  const page = await api.reports.list({});
  const first = page.items[0];
  if (!first) throw new Error('seed has reports');
  await api.reports.show(first.id);
  await updateReport(first.id, { privacy: 'private' });
  await deleteReport(first.id);
  await storeReport({ url: 'https://example.com/new', privacy: 'public' });
  await listProjects({});
  await deleteProject(first.project);
  await vi.waitFor(() => expect(seen).toHaveLength(7));
  expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'PATCH', 'DELETE', 'POST', 'GET', 'DELETE']);
  return seen;
}

describe('headers and encoding', () => {
  it('sends the bearer key and Accept: application/json on every operation', async () => {
    for (const request of await callEveryOperation()) {
      expect(request.headers.get('authorization')).toBe(`Bearer ${KEY}`);
      expect(request.headers.get('accept')).toBe('application/json');
    }
  });

  it('never sends the service origin’s cookies: the key in the header is the only credential', async () => {
    for (const request of await callEveryOperation()) expect(request.credentials).toBe('omit');
  });

  it('puts every list parameter on the wire with the API names and leaves unset ones out', async () => {
    await api.reports.list({
      search: 'blog post',
      searchBy: 'url',
      project: 'example.com',
      result: 'good',
      sortBy: 'generated_at',
      sort: 'asc',
      perPage: 25,
      page: 3,
    });
    const request = await lastRequest();
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      search: 'blog post',
      search_by: 'url',
      project: 'example.com',
      result: 'good',
      sort_by: 'generated_at',
      sort: 'asc',
      per_page: '25',
      page: '3',
    });
    seen = [];
    await api.reports.list({});
    expect((await lastRequest()).url.search).toBe('');
    // An emptied search box is no search: `search=` would ask the service for an empty match.
    seen = [];
    await api.reports.list({ search: '', project: '' });
    expect((await lastRequest()).url.search).toBe('');
  });

  it('sends project list parameters', async () => {
    await listProjects({
      search: 'exa',
      searchBy: 'project',
      sortBy: 'project',
      sort: 'asc',
      perPage: 50,
      page: 2,
    });
    expect(Object.fromEntries((await lastRequest()).url.searchParams)).toEqual({
      search: 'exa',
      search_by: 'project',
      sort_by: 'project',
      sort: 'asc',
      per_page: '50',
      page: '2',
    });
  });

  it('says which privacy every store wants, public included: the service is never left to choose', async () => {
    for (const [privacy, code] of [
      ['public', '0'],
      ['private', '1'],
    ] as const) {
      await storeReport({ url: `https://example.com/${privacy}`, privacy });
      expect(new URLSearchParams((await lastRequest()).body).get('privacy')).toBe(code);
    }
  });

  it('form-encodes store and update bodies', async () => {
    await storeReport({ url: 'https://example.com/a-b?x=1&y=ü', privacy: 'password', password: 's3cret&=' });
    const store = await lastRequest();
    expect(store.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(store.body))).toEqual({
      url: 'https://example.com/a-b?x=1&y=ü',
      privacy: '2',
      password: 's3cret&=',
    });
    seen = [];
    const created = (await api.reports.list({})).items[0];
    if (!created) throw new Error('no report');
    seen = [];
    await updateReport(created.id, { reanalyse: true });
    const update = await lastRequest();
    expect(update.body).toBe('results=1');
    // A privacy change alone says nothing of a re-analysis (no `results=0`).
    seen = [];
    await updateReport(created.id, { privacy: 'private' });
    expect((await lastRequest()).body).toBe('privacy=1');
  });

  it('refuses to delete a project whose name cannot be a path step, before sending anything', async () => {
    seen = [];
    await expect(deleteProject('..')).rejects.toThrow(
      'A project named ".." cannot be addressed in a URL; nothing was sent.',
    );
    expect(seen).toEqual([]);
  });

  it('encodes path segments so that awkward project names reach the service intact', async () => {
    server.use(
      http.delete(`${BASE}/api/v1/projects/:project`, () =>
        HttpResponse.json({ id: 'x', object: 'report', deleted: true, status: 200 }),
      ),
    );
    await deleteProject('a b/ü%');
    const request = await lastRequest();
    expect(request.url.pathname).toBe('/api/v1/projects/a%20b%2F%C3%BC%25');
  });

  it('takes an empty 204 answer to a delete as done', async () => {
    server.use(
      http.delete(`${BASE}/api/v1/reports/:id`, () => new HttpResponse(null, { status: 204 })),
      http.delete(`${BASE}/api/v1/projects/:project`, () => new HttpResponse(null, { status: 204 })),
    );
    await expect(deleteReport('1')).resolves.toBeUndefined();
    await expect(deleteProject('example.com')).resolves.toBeUndefined();
  });

  it('does not take a 200 that says deleted: false as a delete', async () => {
    server.use(
      http.delete(`${BASE}/api/v1/reports/:id`, () => HttpResponse.json({ id: 1, deleted: false, status: 200 })),
    );
    expect((await apiError(deleteReport('1'))).kind).toBe('invalid-response');
  });

  it('deletes the awkward project in the simulator through the encoded path', async () => {
    simulator.reset('hostile');
    const before = await listProjects({ search: 'a b/ü%' });
    expect(before.items.map((p) => p.name)).toContain('a b/ü%');
    await deleteProject('a b/ü%');
    const after = await listProjects({ search: 'a b/ü%' });
    expect(after.items.map((p) => p.name)).not.toContain('a b/ü%');
  });

  it('uses a base URL with a path prefix and trailing slash', async () => {
    setTransport({ baseUrl: `${BASE}/seo/`, apiKey: KEY });
    server.use(http.get(`${BASE}/seo/api/v1/projects`, () => HttpResponse.json({ data: [] })));
    await listProjects({});
    expect((await lastRequest()).url.pathname).toBe('/seo/api/v1/projects');
  });
});

describe('parsing what the service sends', () => {
  it('parses the list envelope into a page with rows of the app’s own types', async () => {
    const page = await api.reports.list({ perPage: 25 });
    expect(page.perPage).toBe(25);
    expect(page.items).toHaveLength(25);
    expect(page.from).toBe(1);
    expect(page.to).toBe(25);
    expect(page.total).toBeGreaterThan(100);
    const report = page.items[0];
    expect(report).toMatchObject({ id: expect.any(String), url: expect.any(String), project: expect.any(String) });
    expect(['good', 'decent', 'bad']).toContain(report?.rating);
    expect(['public', 'private', 'password']).toContain(report?.privacy);
  });

  it('coerces numbers sent as strings, and ignores meta.links', async () => {
    server.use(
      http.get(`${BASE}/api/v1/projects`, () =>
        HttpResponse.json({
          data: [{ project: 'example.com', reports: '12', result: '903', created_at: '2022-01-04T18:37:00.000000Z' }],
          links: { first: null, last: null, prev: null, next: null },
          meta: {
            current_page: '2',
            from: '11',
            last_page: '3',
            per_page: '10',
            to: '11',
            total: '21',
            links: [{ url: null }],
          },
          status: 200,
        }),
      ),
    );
    const page = await listProjects({});
    expect(page).toMatchObject({ currentPage: 2, lastPage: 3, perPage: 10, total: 21, from: 11, to: 11 });
    expect(page.items[0]).toEqual({
      name: 'example.com',
      reportCount: 12,
      averageScore: 75,
      rating: 'decent',
      createdAt: '2022-01-04T18:37:00.000000Z',
    });
  });

  it('parses an empty page', async () => {
    const page = await api.reports.list({ search: 'no-such-url-anywhere' });
    expect(page).toMatchObject({ items: [], total: 0, from: null, to: null });
  });

  it.each([
    [84, 84, 'good'],
    [80, 80, 'good'],
    [79, 79, 'decent'],
    [49, 49, 'decent'],
    [48, 48, 'bad'],
    ['63', 63, 'decent'],
    ['good', null, 'good'],
    ['Bad', null, 'bad'],
    [null, null, null],
  ] as const)('derives the rating from result %j', async (result, score, rating) => {
    server.use(
      http.get(`${BASE}/api/v1/reports/:id`, () =>
        HttpResponse.json({
          data: { id: 1, url: 'example.com', project: 'example.com', result, results: [], privacy: '2', password: 1 },
          status: 200,
        }),
      ),
    );
    const report = await api.reports.show('1');
    expect(report.score).toBe(score);
    expect(report.rating).toBe(rating);
    expect(report.privacy).toBe('password');
    expect(report.hasPassword).toBe(true);
    expect(report.checks).toEqual([]);
  });

  it('keeps checks of unknown shapes instead of failing the report', async () => {
    server.use(
      http.get(`${BASE}/api/v1/reports/:id`, () =>
        HttpResponse.json({
          data: {
            id: 7,
            url: 'example.com',
            project: 'example.com',
            result: 50,
            results: {
              title: { passed: true, importance: 'high', value: 'Hi' },
              future_check: 'weird',
              other: { passed: 'maybe', importance: 'urgent' },
            },
            privacy: 0,
            password: false,
          },
        }),
      ),
    );
    const report = await api.reports.show('7');
    expect(report.checks.map((c) => [c.name, c.passed, c.importance])).toEqual([
      ['title', true, 'high'],
      ['future_check', null, null],
      ['other', null, null],
    ]);
  });
});

describe('errors', () => {
  it('401 without a valid key', async () => {
    setTransport({ baseUrl: BASE, apiKey: 'wrong' });
    const error = await apiError(api.reports.list({}));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(error.isUnauthorized).toBe(true);
    expect(error.message).not.toContain('wrong');
  });

  it('404 for an unknown report', async () => {
    const error = await apiError(api.reports.show('999999'));
    expect(error.isNotFound).toBe(true);
    expect(error.message).toBe('Resource not found.');
  });

  it('maps the service’s own 422 shape to field errors', async () => {
    const error = await apiError(storeReport({ url: '', privacy: 'public' }));
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ url: ['The url field is required.'] });
  });

  it('maps the framework’s 422 shape to field errors', async () => {
    server.use(
      http.post(`${BASE}/api/v1/reports`, () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { url: ['The url format is invalid.'], privacy: 'Bad.' } },
          { status: 422 },
        ),
      ),
    );
    const error = await apiError(storeReport({ url: 'x', privacy: 'public' }));
    expect(error.message).toBe('The given data was invalid.');
    expect(error.fieldErrors).toEqual({ url: ['The url format is invalid.'], privacy: ['Bad.'] });
  });

  it('reads Retry-After of a 429', async () => {
    server.use(
      http.get(`${BASE}/api/v1/reports`, () =>
        HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'Retry-After': '7' } }),
      ),
    );
    const error = await apiError(api.reports.list({}));
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 7, isTransient: true });
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const inThirtySeconds = new Date(Date.now() + 30_000).toUTCString();
    server.use(
      http.get(`${BASE}/api/v1/reports`, () =>
        HttpResponse.json(
          { message: 'Too Many Attempts.' },
          { status: 429, headers: { 'Retry-After': inThirtySeconds } },
        ),
      ),
    );
    const error = await apiError(api.reports.list({}));
    // The date has whole seconds, and a moment passes on the way.
    expect(error.retryAfterSeconds).toBeGreaterThan(25);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('turns an HTML error page from a proxy into an http error with a plain message', async () => {
    server.use(
      http.get(`${BASE}/api/v1/reports`, () =>
        HttpResponse.html('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      ),
    );
    const error = await apiError(api.reports.list({}));
    expect(error).toMatchObject({ kind: 'http', status: 502, isTransient: true });
    expect(error.message).toMatch(/problem \(502\)/);
  });

  it('turns HTML with status 200 into an invalid-response error', async () => {
    server.use(http.get(`${BASE}/api/v1/reports`, () => HttpResponse.html('<!doctype html><title>Login</title>')));
    const error = await apiError(api.reports.list({}));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/web page/);
  });

  it('turns JSON of the wrong shape into an invalid-response error', async () => {
    server.use(http.get(`${BASE}/api/v1/reports`, () => HttpResponse.json({ data: 'nope' })));
    expect((await apiError(api.reports.list({}))).kind).toBe('invalid-response');
  });

  it('turns a dropped connection into a network error', async () => {
    server.use(http.get(`${BASE}/api/v1/reports`, () => HttpResponse.error()));
    const error = await apiError(api.reports.list({}));
    expect(error.kind).toBe('network');
    expect(error.isTransient).toBe(true);
  });

  it('rethrows a cancellation by the caller as an AbortError, not an ApiError', async () => {
    server.use(http.get(`${BASE}/api/v1/reports`, () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const pending = api.reports.list({}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('how long a request may take', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A service that takes every request and never answers.
    server.use(http.all(`${BASE}/api/v1/*`, () => new Promise<never>(() => {})));
  });
  afterEach(() => vi.useRealTimers());

  /** Starts `call` against the silent service and returns how many seconds it waited before giving up. */
  async function secondsBeforeGivingUp(call: () => Promise<unknown>): Promise<number> {
    let outcome: unknown = 'pending';
    void call().then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error),
    );
    let seconds = 0;
    while (outcome === 'pending' && seconds < 300) {
      await vi.advanceTimersByTimeAsync(1000);
      seconds += 1;
    }
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({
      kind: 'timeout',
      message: `The service did not answer within ${seconds} seconds.`,
    });
    return seconds;
  }

  // Store and re-analysis fetch and analyse a page inside the request: cutting them off at the
  // read timeout would report a failure for a report the service is still creating.
  it('gives a new report the long analysis time', async () => {
    expect(await secondsBeforeGivingUp(() => storeReport({ url: 'https://example.com/slow', privacy: 'public' }))).toBe(
      ANALYSIS_TIMEOUT_MS / 1000,
    );
  });

  it('gives a re-analysis the long analysis time', async () => {
    expect(await secondsBeforeGivingUp(() => updateReport('1', { reanalyse: true }))).toBe(ANALYSIS_TIMEOUT_MS / 1000);
  });

  it('gives reads and a plain privacy change the short read time', async () => {
    expect(ANALYSIS_TIMEOUT_MS).toBeGreaterThan(READ_TIMEOUT_MS);
    expect(await secondsBeforeGivingUp(() => updateReport('1', { privacy: 'private' }))).toBe(READ_TIMEOUT_MS / 1000);
    expect(await secondsBeforeGivingUp(() => updateReport('1', { reanalyse: false }))).toBe(READ_TIMEOUT_MS / 1000);
    expect(await secondsBeforeGivingUp(() => api.reports.list({}))).toBe(READ_TIMEOUT_MS / 1000);
  });
});
