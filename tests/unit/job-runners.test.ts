import { QueryClient } from '@tanstack/react-query';
import { ApiError, setTransport, type Page, type Report } from '../../src/api';
import type { Job, JobItem, JobSpec } from '../../src/features/jobs/job-model';
import {
  applyDuplicatesToCache,
  applyToAudit,
  applyToCaches,
  failureReason,
  refreshLists,
  runItem,
  type ItemContext,
} from '../../src/features/jobs/job-runners';
import { projectQueries } from '../../src/features/projects';
import { duplicateQueries, reportQueries, tellAudit } from '../../src/features/reports';
import { connectSimulator, TEST_BASE_URL, TEST_KEY } from '../helpers/render-app';

/**
 * What the caches and the site audit learn from one finished job item, without a request, and
 * a failure's words in the tray. The queue's runs are in tests/integration/job-queue.test.ts.
 */

vi.mock('../../src/features/reports', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/reports')>()),
  tellAudit: vi.fn(),
}));

const report = (id: string, overrides: Partial<Report> = {}): Report => ({
  id,
  url: `example.com/${id}`,
  project: 'example.com',
  score: 84,
  rating: 'good',
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2024-05-01T10:00:00.000000Z',
  createdAt: '2024-04-30T09:00:00.000000Z',
  updatedAt: null,
  ...overrides,
});

const page = (reports: Report[], total = reports.length): Page<Report> => ({
  items: reports,
  currentPage: 1,
  lastPage: 1,
  perPage: 25,
  total,
  from: reports.length > 0 ? 1 : null,
  to: reports.length > 0 ? reports.length : null,
});

const item = (key: string, more: Partial<JobItem> = {}): JobItem => ({ key, label: key, status: 'done', ...more });
const listKey = reportQueries.list({}).queryKey;
const otherListKey = reportQueries.list({ project: 'other.example' }).queryKey;

describe('job items: what the caches learn', () => {
  it('a deleted report leaves every cached list that shows it (one fewer in the total) and its page', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(listKey, page([report('1'), report('2'), report('3')], 40));
    const untouched = page([report('7')], 1);
    queryClient.setQueryData(otherListKey, untouched);
    queryClient.setQueryData(reportQueries.detail('2').queryKey, report('2'));
    queryClient.setQueryData(reportQueries.detail('3').queryKey, report('3'));

    applyToCaches(queryClient, { kind: 'delete' }, item('2'), undefined);

    const after = queryClient.getQueryData(listKey);
    expect(after?.items.map((row) => row.id)).toEqual(['1', '3']);
    expect(after?.total).toBe(39);
    // A list without it is left as it was (the same object: nothing re-renders).
    expect(queryClient.getQueryData(otherListKey)).toBe(untouched);
    expect(queryClient.getQueryData(reportQueries.detail('2').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(reportQueries.detail('3').queryKey)).toEqual(report('3'));
  });

  it('a list without the report keeps its due refetch: it is not marked fresh by a delete or a change', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(otherListKey, page([report('7')], 1));
    // The queue's refresh marked it to be read again (refreshLists).
    await queryClient.invalidateQueries({ queryKey: otherListKey, refetchType: 'none' });

    applyToCaches(queryClient, { kind: 'delete' }, item('2'), undefined);
    applyToCaches(queryClient, { kind: 'privacy', privacy: 'private' }, item('3', { reportId: '3' }), report('3'));

    expect(queryClient.getQueryState(otherListKey)?.isInvalidated).toBe(true);
  });

  it('a total already at zero stays at zero when a deleted row leaves', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(listKey, page([report('1')], 0));
    applyToCaches(queryClient, { kind: 'delete' }, item('1'), undefined);
    expect(queryClient.getQueryData(listKey)?.total).toBe(0);
  });

  it('a changed report replaces its row and its page; other rows and lists stay as they were', () => {
    const queryClient = new QueryClient();
    const [one, two] = [report('1'), report('2')];
    queryClient.setQueryData(listKey, page([one, two]));
    const untouched = page([report('7')]);
    queryClient.setQueryData(otherListKey, untouched);
    const changed = report('2', { privacy: 'private' });

    applyToCaches(queryClient, { kind: 'privacy', privacy: 'private' }, item('2', { reportId: '2' }), changed);

    const after = queryClient.getQueryData(listKey);
    expect(after?.items).toEqual([one, changed]);
    expect(after?.items[0]).toBe(one);
    expect(after?.total).toBe(2);
    expect(queryClient.getQueryData(otherListKey)).toBe(untouched);
    expect(queryClient.getQueryData(reportQueries.detail('2').queryKey)).toEqual(changed);
  });

  it('a changed report that is the only row of a list replaces it there too', () => {
    const queryClient = new QueryClient();
    const onlyKey = reportQueries.list({ project: 'example.com' }).queryKey;
    queryClient.setQueryData(onlyKey, page([report('2')]));
    const changed = report('2', { privacy: 'private' });

    applyToCaches(queryClient, { kind: 'privacy', privacy: 'private' }, item('2', { reportId: '2' }), changed);

    expect(queryClient.getQueryData(onlyKey)?.items).toEqual([changed]);
  });

  it('without the report (the answer did not carry it) nothing is changed', () => {
    const queryClient = new QueryClient();
    const before = page([report('1')]);
    queryClient.setQueryData(listKey, before);
    applyToCaches(
      queryClient,
      { kind: 'reanalyse' },
      item('1', { reportId: '1', duplicates: { checked: false } }),
      undefined,
    );
    expect(queryClient.getQueryData(listKey)).toBe(before);
    expect(queryClient.getQueryData(duplicateQueries.of('1').queryKey)).toBeUndefined();
  });

  it("a store's look for a second report is kept for the report's page, once the item knows both", () => {
    const queryClient = new QueryClient();
    const found = { checked: true as const, others: [{ id: '8', url: 'example.com/9' }] };
    applyToCaches(
      queryClient,
      { kind: 'create', privacy: 'public', existing: 'create' },
      item('https://example.com/9', { reportId: '9', duplicates: found }),
      report('9'),
    );
    expect(queryClient.getQueryData(duplicateQueries.of('9').queryKey)).toEqual(found);

    applyDuplicatesToCache(queryClient, item('u', { duplicates: found }));
    applyDuplicatesToCache(queryClient, item('u', { reportId: '10' }));
    expect(queryClient.getQueryData(duplicateQueries.of('10').queryKey)).toBeUndefined();
  });

  it('refreshes the lists and the projects after a write, nothing after an export', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(listKey, page([report('1')]));
    queryClient.setQueryData(projectQueries.all(), 'projects');
    queryClient.setQueryData(reportQueries.detail('1').queryKey, report('1'));
    const stale = () =>
      [listKey, projectQueries.all(), reportQueries.detail('1').queryKey].map(
        (queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated,
      );

    const exportSpec: JobSpec = { kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'x' };
    await refreshLists(queryClient, exportSpec);
    expect(stale()).toEqual([false, false, false]);

    await refreshLists(queryClient, { kind: 'delete' });
    expect(stale()).toEqual([true, true, false]);
  });
});

describe('job items: what the site audit learns', () => {
  beforeEach(() => vi.mocked(tellAudit).mockClear());

  it('a delete names the report, and its project when known', () => {
    applyToAudit({ kind: 'delete' }, item('5'), undefined);
    applyToAudit({ kind: 'delete' }, item('6', { project: 'example.com' }), undefined);
    expect(vi.mocked(tellAudit).mock.calls).toEqual([
      [{ kind: 'deleted', id: '5' }],
      [{ kind: 'deleted', id: '6', project: 'example.com' }],
    ]);
  });

  it('a privacy change or a new analysis hands over the report; an export, or no report, tells nothing', () => {
    const changed = report('3');
    applyToAudit({ kind: 'privacy', privacy: 'private' }, item('3'), changed);
    applyToAudit({ kind: 'reanalyse' }, item('3'), changed);
    applyToAudit({ kind: 'reanalyse' }, item('4'), undefined);
    applyToAudit({ kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'x' }, item('1'), changed);
    expect(vi.mocked(tellAudit).mock.calls).toEqual([
      [{ kind: 'privacy', report: changed }],
      [{ kind: 'analysed', report: changed }],
    ]);
  });
});

describe('job items: a failure in words', () => {
  it('gives the title and what to do, or the title alone when there is nothing more to say', () => {
    expect(failureReason(new ApiError('http', 'The report does not exist.', { status: 404 }))).toBe(
      'The service had a problem: The report does not exist.',
    );
    expect(failureReason(new ApiError('http', '', { status: 500 }))).toBe('The service had a problem');
  });
});

describe('job items: how each kind runs one item', () => {
  const context = (job: Job, item: JobItem, more: Partial<ItemContext> = {}): ItemContext => ({
    job,
    item,
    signal: new AbortController().signal,
    markSent: vi.fn(async () => undefined),
    interrupted: false,
    ...more,
  });
  const jobOf = (spec: JobSpec): Job => ({
    id: 'j',
    spec,
    title: 't',
    connection: 'http://api.test',
    createdAt: 0,
    state: 'running',
    items: [],
  });
  const createJob = (existing: 'skip' | 'reanalyse' | 'create') =>
    jobOf({ kind: 'create', privacy: 'public', existing });

  it('a URL that has a report already is skipped, or analysed again, as the job asks', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const existing = simulator.store.reports()[0]!;
    const newest = Math.max(
      ...simulator.store
        .reports()
        .filter((r) => r.url === existing.url)
        .map((r) => r.id),
    );
    const item: JobItem = { key: existing.url, label: existing.url, status: 'pending', url: `https://${existing.url}` };

    const skipping = context(createJob('skip'), item);
    expect(await runItem(skipping)).toStrictEqual({
      status: 'skipped',
      why: 'has-report',
      reportId: String(newest),
    });
    expect(skipping.markSent).not.toHaveBeenCalled();

    const again = context(createJob('reanalyse'), item);
    const outcome = await runItem(again);
    expect(outcome).toStrictEqual({
      status: 'done',
      settledByReading: false,
      reportId: String(newest),
      report: expect.objectContaining({ id: String(newest) }),
      why: 'analysed-existing',
    });
    expect(again.markSent).toHaveBeenCalledTimes(1);
  });

  it('never sends with a signal already aborted (a cancelled job), whatever the kind', async () => {
    const { requests } = connectSimulator({ analysisDelayMs: 0 });
    const aborted = new AbortController();
    aborted.abort(new DOMException('Cancelled', 'AbortError'));
    const signal = aborted.signal;
    const item: JobItem = { key: '1', label: '1', status: 'pending', url: 'https://aborted.example/' };
    const specs: JobSpec[] = [
      { kind: 'create', privacy: 'public', existing: 'create' },
      { kind: 'create', privacy: 'public', existing: 'skip' },
      { kind: 'delete' },
      { kind: 'privacy', privacy: 'private' },
      { kind: 'reanalyse' },
    ];
    for (const spec of specs) {
      await expect(runItem(context(jobOf(spec), item, { signal }))).rejects.toMatchObject({ name: 'AbortError' });
    }
    const interrupted = { ...item, sentAt: Date.now() - 1000 };
    for (const spec of [specs[0]!, specs[4]!]) {
      await expect(runItem(context(jobOf(spec), interrupted, { signal, interrupted: true }))).rejects.toMatchObject({
        name: 'AbortError',
      });
    }
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a cancel that comes while an item is under way stops it there: nothing more is sent or read', async () => {
    const { simulator, requests, hold } = connectSimulator({ analysisDelayMs: 0 });
    const patches = () => requests.filter((r) => r.method === 'PATCH');

    // A URL that has a report already, cancelled between finding it and sending its analysis.
    const cancelling = new AbortController();
    const { url } = simulator.store.reports()[0]!;
    const existing: JobItem = { key: url, label: url, status: 'pending', url: `https://${url}` };
    const again = context(createJob('reanalyse'), existing, {
      signal: cancelling.signal,
      markSent: vi.fn(async () => cancelling.abort(new DOMException('Cancelled', 'AbortError'))),
    });
    await expect(runItem(again)).rejects.toMatchObject({ name: 'AbortError' });
    expect(again.markSent).toHaveBeenCalledTimes(1);
    expect(patches()).toEqual([]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    // A page of an export, cancelled while the service is still answering it.
    const release = hold((r) => r.method === 'GET');
    const reading = new AbortController();
    const exportSpec: JobSpec = { kind: 'export', params: {}, format: 'csv', withChecks: false, fileName: 'x' };
    const exported = runItem(context(jobOf(exportSpec), item('2'), { signal: reading.signal }));
    const settled = expect(exported).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(requests.at(-1)?.url.searchParams.get('page')).toBe('2'));
    reading.abort(new DOMException('Cancelled', 'AbortError'));
    release();
    await settled;
  });

  it('a store whose answer carries no creation time is done, with nothing to look for', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    // A service that leaves `created_at` out of its answer to a store.
    setTransport({
      baseUrl: TEST_BASE_URL,
      apiKey: TEST_KEY,
      fetch: async (input, init) => {
        const response = await simulator.fetch(input, init);
        if (init?.method !== 'POST') return response;
        const body = (await response.json()) as { data: Record<string, unknown> };
        return Response.json({ ...body, data: { ...body.data, created_at: null } }, { status: response.status });
      },
    });
    const url = 'https://no-creation-time.example/';
    const outcome = await runItem(context(createJob('create'), { key: url, label: url, status: 'pending', url }));
    const stored = simulator.store.reports().find((r) => r.url === 'no-creation-time.example')!;
    expect(outcome).toStrictEqual({
      status: 'done',
      settledByReading: false,
      reportId: String(stored.id),
      report: expect.objectContaining({ id: String(stored.id), createdAt: null }),
      duplicates: { checked: false },
    });
  });

  it('a privacy change sends the password only when there is one', async () => {
    const { requests } = connectSimulator({ analysisDelayMs: 0 });
    const item: JobItem = { key: '1', label: '1', status: 'pending' };
    await runItem(context(jobOf({ kind: 'privacy', privacy: 'private' }), item));
    await runItem(context(jobOf({ kind: 'privacy', privacy: 'password', password: 'secret' }), item));
    const bodies = requests.filter((r) => r.method === 'PATCH').map((r) => new URLSearchParams(r.body));
    expect(bodies.map((body) => body.has('password'))).toEqual([false, true]);
    expect(bodies[1]?.get('password')).toBe('secret');
  });

  it('a privacy change whose answer was lost, and that reading shows not made, fails with why', async () => {
    const { simulator } = connectSimulator({ analysisDelayMs: 0 });
    const report = simulator.store.reports().find((r) => r.privacy === 0)!;
    simulator.faults.next({ kind: 'network', method: 'PATCH' });
    const item: JobItem = { key: String(report.id), label: report.url, status: 'pending' };
    expect(await runItem(context(jobOf({ kind: 'privacy', privacy: 'private' }), item))).toStrictEqual({
      status: 'failed',
      why: 'privacy-kept',
    });
    // Made, but only known by reading: done.
    simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    const made = await runItem(context(jobOf({ kind: 'privacy', privacy: 'private' }), item));
    expect(made).toMatchObject({ status: 'done', settledByReading: true, reportId: String(report.id) });
  });

  it('an interrupted store or analysis is settled by reading first; sent only if reading shows it was not', async () => {
    const { simulator, requests } = connectSimulator({ analysisDelayMs: 0 });
    // Sent long enough ago that the service would have answered by now: one read settles it.
    const longAgo = Date.now() - 60 * 60_000;
    const posts = () => requests.filter((r) => r.method === 'POST').length;
    const item: JobItem = {
      key: 'https://never-sent.example/',
      label: 'never-sent.example',
      status: 'sending',
      url: 'https://never-sent.example/',
      sentAt: longAgo,
    };
    const created = await runItem(context(createJob('create'), item, { interrupted: true }));
    expect(created.status).toBe('done');
    expect(posts()).toBe(1);
    // Sent again after the reload: found by reading, not sent a second time.
    const found = await runItem(context(createJob('create'), item, { interrupted: true }));
    expect(found).toMatchObject({ status: 'done', settledByReading: true, reportId: created.reportId });
    expect(posts()).toBe(1);
    // Reading refused: unknown, nothing sent.
    simulator.faults.next({ kind: '403', method: 'GET', times: 10 });
    const other = { ...item, key: 'https://other.example/', url: 'https://other.example/' };
    await expect(runItem(context(createJob('create'), other, { interrupted: true }))).rejects.toMatchObject({
      kind: 'unknown-outcome',
    });
    expect(posts()).toBe(1);
    simulator.faults.clear();

    // An analysis: the same.
    const report = simulator.store.reports()[0]!;
    const analysis: JobItem = {
      key: String(report.id),
      label: report.url,
      status: 'sending',
      previousGeneratedAt: report.generated_at,
      sentAt: longAgo,
    };
    const patches = () => requests.filter((r) => r.method === 'PATCH').length;
    const analysed = await runItem(context(jobOf({ kind: 'reanalyse' }), analysis, { interrupted: true }));
    expect(analysed).toMatchObject({ status: 'done', reportId: String(report.id) });
    expect(patches()).toBe(1);
    simulator.faults.next({ kind: '403', method: 'GET', times: 10 });
    await expect(runItem(context(jobOf({ kind: 'reanalyse' }), analysis, { interrupted: true }))).rejects.toMatchObject(
      { kind: 'unknown-outcome' },
    );
    expect(patches()).toBe(1);
  });
});
