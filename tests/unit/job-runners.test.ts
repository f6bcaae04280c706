import { QueryClient } from '@tanstack/react-query';
import { ApiError, type Page, type Report } from '../../src/api';
import type { JobItem, JobSpec } from '../../src/features/jobs/job-model';
import {
  applyDuplicatesToCache,
  applyToAudit,
  applyToCaches,
  failureReason,
  refreshLists,
} from '../../src/features/jobs/job-runners';
import { projectQueries } from '../../src/features/projects';
import { duplicateQueries, reportQueries, tellAudit } from '../../src/features/reports';

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
