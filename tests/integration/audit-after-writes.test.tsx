import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import * as deviceStore from '../../src/features/audit/device-store';
import { connectionIdOf, keepOnlyConnection, loadSnapshot } from '../../src/features/audit/device-store';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { getConnection } from '../../src/features/connection';
import type { ReportRecord, Simulator } from '../../src/simulator';
import { useFakeClock } from '../helpers/fake-clock';
import { latestRunsOf } from '../helpers/latest-runs';
import { renderApp } from '../helpers/render-app';

/**
 * The audit kept of a project learns of each write as it finishes (bulk job items, a report's
 * own page), in memory and on this device, without reading the project again.
 */

// The device store as it is, except that a test can make its writes fail.
let failSaves = false;
vi.mock('../../src/features/audit/device-store', async (importOriginal) => {
  const original = await importOriginal<typeof deviceStore>();
  return {
    ...original,
    saveSnapshot: (...args: Parameters<typeof original.saveSnapshot>) =>
      failSaves
        ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
        : original.saveSnapshot(...args),
  };
});

const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'shop.fourthcoffee.com';

beforeEach(() => {
  failSaves = false;
  clearSelection();
  resetJobQueue();
});

afterEach(async () => {
  await act(async () => {
    forgetInMemory();
    await keepOnlyConnection('nothing');
  });
});

/** The latest run of each URL of the project, and the pages failing each check, from the service's records. */
function expectedAudit(simulator: Simulator) {
  const pages = latestRunsOf(simulator, PROJECT);
  const failing = (check: string) => pages.filter((page) => page.results[check]?.passed === false).length;
  return { pages: pages.length, failing };
}

const projectReports = (simulator: Simulator) => simulator.store.reports().filter((r) => r.project === PROJECT);
/** Reads of the project for the audit (the pages list sorts otherwise). */
const auditReads = (listRequests: ReturnType<typeof renderApp>['listRequests']) =>
  listRequests('reports').filter((params) => params.get('sort_by') === 'generated_at').length;

/** Opens the report's page and deletes it there, through its confirmation. */
async function deleteOnItsPage({ user, router }: Pick<ReturnType<typeof renderApp>, 'user' | 'router'>, id: number) {
  await act(() => router.navigate(`/reports/${id}`));
  await user.click(await screen.findByRole('button', { name: 'Delete report' }, READ));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Delete this report?' })).getByRole('button', {
      name: 'Delete report',
    }),
  );
  expect(await screen.findByText('Report deleted', {}, READ)).toBeInTheDocument();
}

const issuesTable = () => screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);

/** What the audit on the project page shows: its pages, and the pages failing the meta description. */
async function shownAudit() {
  const table = await issuesTable();
  const pagesLink = screen.getByRole('link', { name: /^\d+ pages$/ });
  const meta = within(table).getByRole('link', { name: 'Meta description' }).closest('tr')!;
  return {
    pages: Number(pagesLink.textContent!.replace(/\D/g, '')),
    metaDescription: Number(within(meta).getAllByRole('cell')[3]!.textContent!.split(' ')[0]),
  };
}

/** A check failing on the report, for the locally filtered list. */
function aFailingCheck(report: ReportRecord): string {
  const name = Object.entries(report.results).find(([, check]) => !check.passed)?.[0];
  if (!name) throw new Error(`Report ${report.id} fails no check`);
  return name;
}

const keptSnapshot = async () => act(async () => loadSnapshot(await connectionIdOf(getConnection()), PROJECT));

/** Reads the project on its page and waits until it is kept on the device. */
async function readProject(prepare?: (simulator: Simulator) => void) {
  const view = renderApp(`/projects/${PROJECT}`, prepare ? { prepare } : {});
  await issuesTable();
  await waitFor(
    async () => expect((await keptSnapshot())?.reports.length).toBe(projectReports(view.simulator).length),
    READ,
  );
  return view;
}

/** Ticks the first two rows of the project's pages list (its part of the page): their ids. */
async function selectFirstTwo({ user, router }: Pick<ReturnType<typeof renderApp>, 'user' | 'router'>) {
  await act(() => router.navigate(`/projects/${PROJECT}/pages`));
  const table = await screen.findByRole(
    'table',
    { name: new RegExp(`^Reports of ${PROJECT.replace(/\./g, '\\.')}, page 1 of`) },
    READ,
  );
  const boxes = within(table)
    .getAllByRole('checkbox')
    .filter((box) => box.hasAttribute('data-select-report'));
  await user.click(boxes[0]!);
  await user.click(boxes[1]!);
  expect(await screen.findByText('2 reports selected.', {}, READ)).toBeInTheDocument();
  return [boxes[0]!.dataset.selectReport!, boxes[1]!.dataset.selectReport!];
}

/** The locally filtered list of the project's pages failing `check`: its count and its rows' report ids. */
async function localList(router: ReturnType<typeof renderApp>['router'], check: string) {
  await act(() => router.navigate(`/projects/${PROJECT}/pages?failing=${check}&per_page=100`));
  const table = await screen.findByRole('table', { name: /failing .*, page 1 of/ }, READ);
  const ids = within(table)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href')?.match(/^\/reports\/(\d+)$/)?.[1])
    .filter((id): id is string => id !== undefined);
  return { table, ids };
}

describe('the audit after writes, without reading the project again', () => {
  it('a bulk delete of two reports: pages, issues, the local list and the kept copy lose them', async () => {
    const { user, simulator, router, requests, listRequests } = await readProject();
    const before = expectedAudit(simulator);
    expect(await shownAudit()).toEqual({ pages: before.pages, metaDescription: before.failing('meta_description') });
    const reads = auditReads(listRequests);

    const ids = await selectFirstTwo({ user, router });
    const deleted = ids.map((id) => simulator.store.get(Number(id))!);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // The Undo window is waited out on a fake clock.
    const clock = useFakeClock();
    await clock.user.click(
      within(await screen.findByRole('dialog', { name: 'Delete 2 reports?' })).getByRole('button', {
        name: 'Delete 2',
      }),
    );
    // After the Undo time, through the queue.
    await clock.pass(5_000);
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2));
    expect(projectReports(simulator).some((r) => ids.includes(String(r.id)))).toBe(false);

    const after = expectedAudit(simulator);
    await act(() => router.navigate(`/projects/${PROJECT}`));
    await waitFor(async () =>
      expect(await shownAudit()).toEqual({ pages: after.pages, metaDescription: after.failing('meta_description') }),
    );
    // Kept on the device as well: the next visit starts from it.
    // (once its write has landed: the screen shows it first)
    await waitFor(async () => {
      const kept = await keptSnapshot();
      expect(kept?.reports.some((r) => ids.includes(r.id))).toBe(false);
      expect(kept?.total).toBe(projectReports(simulator).length);
    }, READ);

    const check = aFailingCheck(deleted[0]!);
    const { ids: listed } = await localList(router, check);
    expect(listed.filter((id) => ids.includes(id))).toEqual([]);
    expect(listed).toHaveLength(projectReports(simulator).filter((r) => r.results[check]?.passed === false).length);
    expect(auditReads(listRequests)).toBe(reads);
  });

  it('a bulk privacy change: the local list and the kept copy show the new privacy', async () => {
    // Every report public when the project is read.
    const { user, simulator, router, requests, listRequests } = await readProject((service) => {
      for (const report of projectReports(service)) Object.assign(report, { privacy: 0, password: false });
    });
    const reads = auditReads(listRequests);
    const ids = await selectFirstTwo({ user, router });
    expect(ids.map((id) => simulator.store.get(Number(id))!.privacy)).toEqual([0, 0]);
    await user.click(screen.getByRole('button', { name: 'Set privacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy of 2 reports' });
    await user.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set privacy' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2), READ);
    expect(ids.map((id) => simulator.store.get(Number(id))!.privacy)).toEqual([1, 1]);

    await waitFor(async () => {
      const kept = await keptSnapshot();
      expect(ids.map((id) => kept?.reports.find((r) => r.id === id)?.privacy)).toEqual(['private', 'private']);
    }, READ);
    const check = aFailingCheck(simulator.store.get(Number(ids[0]))!);
    const { table } = await localList(router, check);
    const row = within(table)
      .getAllByRole('row')
      .find((tr) => tr.querySelector(`a[href="/reports/${ids[0]}"]`))!;
    expect(within(row).getByText('Private')).toBeInTheDocument();
    expect(auditReads(listRequests)).toBe(reads);
  });

  it('a delete on the report page: the project page and the kept copy lose the report', async () => {
    const app = await readProject();
    const { simulator, router, listRequests } = app;
    const reads = auditReads(listRequests);
    // The newest page failing the meta description: the figure that must drop.
    const report = latestRunsOf(simulator, PROJECT).find((r) => r.results.meta_description?.passed === false)!;
    await deleteOnItsPage(app, report.id);
    expect(simulator.store.get(report.id)).toBeUndefined();

    await act(() => router.navigate(`/projects/${PROJECT}`));
    const after = expectedAudit(simulator);
    await waitFor(async () =>
      expect(await shownAudit()).toEqual({ pages: after.pages, metaDescription: after.failing('meta_description') }),
    );
    await waitFor(async () =>
      expect((await keptSnapshot())?.reports.some((r) => r.id === String(report.id))).toBe(false),
    );
    expect(auditReads(listRequests)).toBe(reads);
  });

  it('a device store that fails to keep the change does not fail the write', async () => {
    const app = await readProject();
    const { simulator, router } = app;
    const report = latestRunsOf(simulator, PROJECT).find((r) => r.results.meta_description?.passed === false)!;
    failSaves = true;
    await deleteOnItsPage(app, report.id);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(simulator.store.get(report.id)).toBeUndefined();
    // This page's audit shows it all the same.
    await act(() => router.navigate(`/projects/${PROJECT}`));
    const after = expectedAudit(simulator);
    await waitFor(async () =>
      expect(await shownAudit()).toEqual({ pages: after.pages, metaDescription: after.failing('meta_description') }),
    );
  });
});
