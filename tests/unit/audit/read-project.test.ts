import { api } from '../../../src/api';
import { deleteReport, storeReport, updateReport } from '../../../src/api/writes';
import { aggregateProjectAudit } from '../../../src/features/audit/aggregate';
import { readProject, type ReadProgress } from '../../../src/features/audit/read-project';
import { applyWriteToSnapshot } from '../../../src/features/audit/report-writes';
import type { ProjectSnapshot, ReadReport } from '../../../src/features/audit/types';
import { connectSimulator } from '../../helpers/render-app';

const PROJECT = 'shop.fourthcoffee.com';
const NOW = Date.parse('2026-11-02T00:00:00Z');

/** A seed where the project spans several pages of 100, its reports read through the real client. */
function setUp() {
  let tick = 0;
  const { simulator, requests } = connectSimulator({ reportCount: 1000, clock: () => NOW + (tick += 1000) });
  const reads = () =>
    requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/reports').map((r) => r.url.searchParams);
  const read = (
    previous: ProjectSnapshot | null,
    onProgress?: (p: ReadProgress) => void,
    onReports?: (reports: ReadReport[], total: number) => void,
  ) =>
    readProject({
      project: PROJECT,
      previous,
      signal: new AbortController().signal,
      onProgress,
      onReports,
      list: (page, signal) =>
        api.reports.list(
          { project: PROJECT, sortBy: 'generated_at', sort: 'desc', perPage: 100, ...(page > 1 ? { page } : {}) },
          { signal },
        ),
    });
  const serviceIds = () =>
    simulator.store
      .reports()
      .filter((r) => r.project === PROJECT)
      .map((r) => String(r.id))
      .sort();
  return { simulator, reads, read, serviceIds };
}

const ids = (snapshot: ProjectSnapshot) => snapshot.reports.map((r) => r.id).sort();

describe('reading a project', () => {
  it('gives a first read’s reports so far after each page but the last, for the partial audit; a refresh none', async () => {
    const { read, serviceIds } = setUp();
    const total = serviceIds().length;
    const sofar: { count: number; total: number }[] = [];
    const { snapshot } = await read(null, undefined, (reports, of) => sofar.push({ count: reports.length, total: of }));
    const pages = Math.ceil(total / 100);
    // The last page's are the whole audit's, which follows at once: a one-page project shows no partial.
    expect(pages).toBeGreaterThan(1);
    expect(sofar).toEqual(Array.from({ length: pages - 1 }, (_, i) => ({ count: (i + 1) * 100, total })));
    const again: number[] = [];
    await read(snapshot, undefined, (reports) => again.push(reports.length));
    expect(again).toEqual([]);
  });

  it('reads every report, 100 a page, newest generated first, with progress', async () => {
    const { read, reads, serviceIds } = setUp();
    const total = serviceIds().length;
    expect(total).toBeGreaterThan(100);
    const progress: ReadProgress[] = [];
    const { snapshot, changed } = await read(null, (p) => progress.push(p));
    expect(changed).toBe(true);
    expect(ids(snapshot)).toEqual(serviceIds());
    expect(snapshot.total).toBe(total);
    const pages = Math.ceil(total / 100);
    expect(reads().map((p) => Object.fromEntries(p))).toEqual(
      Array.from({ length: pages }, (_, i) => ({
        project: PROJECT,
        sort_by: 'generated_at',
        sort: 'desc',
        per_page: '100',
        ...(i > 0 ? { page: String(i + 1) } : {}),
      })),
    );
    expect(progress.map((p) => [p.read, p.total])).toEqual([
      [0, null],
      ...Array.from({ length: pages }, (_, i) => [Math.min(total, (i + 1) * 100), total]),
    ]);
  });

  it('refreshes with one request when nothing changed', async () => {
    const { read, reads } = setUp();
    const first = await read(null);
    const before = reads().length;
    const again = await read(first.snapshot);
    expect(reads().length - before).toBe(1);
    expect(again.changed).toBe(false);
    expect(again.snapshot).toBe(first.snapshot);
  });

  it('picks up new and re-analysed reports with one request', async () => {
    const { read, reads, serviceIds, simulator } = setUp();
    const first = await read(null);
    const created = await storeReport({ url: `https://${PROJECT}/brand-new`, privacy: 'public' });
    const oldest = simulator.store
      .reports()
      .filter((r) => r.project === PROJECT)
      .sort((a, b) => (a.generated_at < b.generated_at ? -1 : 1))[0]!;
    const reanalysed = await updateReport(String(oldest.id), { reanalyse: true });

    const before = reads().length;
    const { snapshot, changed } = await read(first.snapshot);
    expect(reads().length - before).toBe(1);
    expect(changed).toBe(true);
    expect(ids(snapshot)).toEqual(serviceIds());
    expect(snapshot.reports.find((r) => r.id === created.id)?.url).toBe(`${PROJECT}/brand-new`);
    const refreshed = snapshot.reports.find((r) => r.id === reanalysed.id)!;
    expect(refreshed.generatedAt).toBe(reanalysed.generatedAt);
    expect(refreshed.score).toBe(reanalysed.score);
    // The audit from the refresh is the audit of a fresh read.
    const fresh = await read(null);
    expect(aggregateProjectAudit(snapshot.reports, NOW)).toEqual(aggregateProjectAudit(fresh.snapshot.reports, NOW));
  });

  it('notices a deletion by the total and reads the rest again', async () => {
    const { read, reads, serviceIds, simulator } = setUp();
    const first = await read(null);
    const oldest = simulator.store
      .reports()
      .filter((r) => r.project === PROJECT)
      .sort((a, b) => (a.generated_at < b.generated_at ? -1 : 1))[0]!;
    await deleteReport(String(oldest.id));

    const before = reads().length;
    const { snapshot } = await read(first.snapshot);
    // Page 1 finds nothing new but the total is one short: the pages after it are read again.
    expect(reads().length - before).toBe(Math.ceil(first.snapshot.total / 100));
    expect(ids(snapshot)).toEqual(serviceIds());
    expect(snapshot.reports.some((r) => r.id === String(oldest.id))).toBe(false);
  });

  it('does not stop at a report analysed here: one analysed elsewhere just before is still found', async () => {
    const { read, reads, serviceIds, simulator } = setUp();
    const first = await read(null);
    const [elsewhere, here] = simulator.store
      .reports()
      .filter((r) => r.project === PROJECT)
      .sort((a, b) => (a.generated_at < b.generated_at ? -1 : 1));
    // Another person analyses one page again; then this dashboard another, and applies its answer.
    const theirs = await updateReport(String(elsewhere!.id), { reanalyse: true });
    const ours = await updateReport(String(here!.id), { reanalyse: true });
    const patched = applyWriteToSnapshot(first.snapshot, { kind: 'analysed', report: ours })!;
    expect(patched.reports[0]).toMatchObject({ id: ours.id, generatedAt: ours.generatedAt, unconfirmed: true });

    const before = reads().length;
    const { snapshot } = await read(patched);
    expect(reads().length - before).toBe(1);
    expect(snapshot.reports.find((r) => r.id === theirs.id)?.generatedAt).toBe(theirs.generatedAt);
    expect(ids(snapshot)).toEqual(serviceIds());
    // Read now: a later refresh may stop at it.
    expect(snapshot.reports.some((r) => r.unconfirmed)).toBe(false);
  });

  it('stops when cancelled, sending nothing more', async () => {
    const { reads } = setUp();
    const controller = new AbortController();
    const reading = readProject({
      project: PROJECT,
      previous: null,
      signal: controller.signal,
      list: async (page, signal) => {
        const answer = await api.reports.list({ project: PROJECT, perPage: 100, page }, { signal });
        controller.abort();
        return answer;
      },
    });
    await expect(reading).rejects.toThrow();
    expect(reads()).toHaveLength(1);
  });

  it('counts a row it cannot read without taking it for a deleted report on the next refresh', async () => {
    const { reads, serviceIds } = setUp();
    // The service's answers hold one broken record (first page, third row): set aside by the client.
    const list = async (page: number, signal: AbortSignal) => {
      const answer = await api.reports.list(
        { project: PROJECT, sortBy: 'generated_at', sort: 'desc', perPage: 100, ...(page > 1 ? { page } : {}) },
        { signal },
      );
      if (page > 1) return answer;
      return {
        ...answer,
        items: answer.items.filter((_, index) => index !== 2),
        unreadable: [{ position: 3, id: null, reason: 'data[2].result: expected a number' }],
      };
    };
    const read = (previous: ProjectSnapshot | null) =>
      readProject({ project: PROJECT, previous, list, signal: new AbortController().signal });

    const { snapshot } = await read(null);
    expect(snapshot.total).toBe(serviceIds().length);
    expect(snapshot.reports).toHaveLength(serviceIds().length - 1);
    expect(snapshot.unreadable).toBe(1);

    const before = reads().length;
    const again = await read(snapshot);
    // Nothing changed: one request, and the broken row is still counted, not looked for.
    expect(reads().length - before).toBe(1);
    expect(again.changed).toBe(false);
    expect(again.snapshot).toBe(snapshot);
  });
});
