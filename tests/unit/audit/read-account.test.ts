import 'fake-indexeddb/auto';
import { api, queuedRequestCount, setRequestLimit } from '../../../src/api';
import { listProjects } from '../../../src/api/projects';
import { keepOnlyConnection } from '../../../src/features/audit/device-store';
import { forgetInMemory } from '../../../src/features/audit/project-reader';
import { ACCOUNT_READ_KEY, readAccountMarker } from '../../../src/features/audit/account-read-marker';
import {
  getAccountRead,
  startAccountRead,
  stopAccountRead,
  subscribeAccountRead,
  type AccountReadOptions,
} from '../../../src/features/audit/read-account';
import { getConnection } from '../../../src/features/connection';
import { adoptFromOtherTab } from '../../../src/features/connection/connection-changes';
import { connectionIdOf } from '../../../src/lib/connection-key';
import type { Simulator } from '../../../src/simulator';
import { connectSimulator, TEST_BASE_URL, type SeenRequest } from '../../helpers/render-app';

// The background read of a fresh device's projects (docs/decisions/0105), against the real API
// client and the audit's own read: the order, one project at a time, the resume after a reload,
// the stop on a change of connection or by the person, the person's requests first, one tab.

vi.setConfig({ testTimeout: 30_000 });
const OTHER_ACCOUNT = { mode: 'service', baseUrl: TEST_BASE_URL, apiKey: 'another-account', remember: false } as const;
const WAIT = { timeout: 15_000 };

const auditRead = (request: SeenRequest) =>
  request.method === 'GET' && request.url.pathname === '/api/v1/reports' && request.url.searchParams.has('project');
const projectOf = (request: SeenRequest) => request.url.searchParams.get('project') ?? '';
const auditReads = (requests: SeenRequest[]) => requests.filter(auditRead);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The projects as the reader takes them: fewest reports first, then by name. */
const bySize = (simulator: Simulator) =>
  [...simulator.store.projects()]
    .sort((a, b) => a.reports - b.reports || (a.project < b.project ? -1 : 1))
    .map((project) => project.project);

const everyProject: AccountReadOptions['listProjects'] = async (signal) =>
  (await listProjects({ perPage: 100 }, { signal })).items.map((project) => ({
    name: project.name,
    reportCount: project.reportCount,
  }));

const options = (more: Partial<AccountReadOptions> = {}): AccountReadOptions => ({
  listProjects: everyProject,
  locks: null,
  ...more,
});

const marked = () => readAccountMarker()?.state;
const isAccountReadUnderWay = () => marked() === 'reading';

const untilDone = () => vi.waitFor(() => expect(getAccountRead().kind).toBe('done'), WAIT);
const projectsRead = () => {
  const read = getAccountRead();
  return read.kind === 'reading' || read.kind === 'done' ? read.progress.projectsRead : -1;
};

afterEach(async () => {
  setRequestLimit(undefined);
  localStorage.clear();
  // Drops the audit's memory: a read still running stops with it.
  forgetInMemory();
  await keepOnlyConnection('nothing');
});

describe('the background read of the account’s projects', () => {
  it('reads every project once, smallest first, one at a time, and keeps each', async () => {
    const { simulator, requests, hold } = connectSimulator();
    const order = bySize(simulator);
    const release = hold(auditRead);
    startAccountRead(options());
    await vi.waitFor(() => expect(auditReads(requests)).toHaveLength(1), WAIT);
    // The first project's answer is held: the next one waits for it.
    await pause(100);
    expect(auditReads(requests).map(projectOf)).toEqual([order[0]]);
    expect(isAccountReadUnderWay()).toBe(true);
    release();

    await untilDone();
    expect(auditReads(requests).map(projectOf)).toEqual(order);
    const read = getAccountRead();
    expect(read.kind === 'done' && read.progress).toEqual({
      projects: order.length,
      projectsRead: order.length,
      reports: simulator.store.reports().length,
      reportsRead: simulator.store.reports().length,
      failed: [],
    });
    // Over: nothing to resume; the device has read the account.
    expect(isAccountReadUnderWay()).toBe(false);
    expect(marked()).toBe('read');
  });

  it('resumes after a reload with what is left, reading nothing it kept again', async () => {
    const { simulator, requests, hold } = connectSimulator();
    const order = bySize(simulator);
    const fourth = order[3]!;
    const release = hold((request) => auditRead(request) && projectOf(request) === fourth);
    startAccountRead(options());
    await vi.waitFor(() => expect(auditReads(requests).map(projectOf)).toContain(fourth), WAIT);
    expect(projectsRead()).toBe(3);

    // A reload: memory is gone (the read with it), the device keeps three projects and the marker.
    forgetInMemory();
    expect(auditReads(requests).at(-1)?.signal?.aborted).toBe(true);
    expect(getAccountRead().kind).toBe('idle');
    expect(isAccountReadUnderWay()).toBe(true);
    release();

    const before = auditReads(requests).length;
    const figures: number[] = [];
    const stopWatching = subscribeAccountRead(() => {
      const read = getAccountRead();
      if (read.kind === 'reading') figures.push(read.progress.projectsRead);
    });
    startAccountRead(options());
    await untilDone();
    stopWatching();
    // Its figures start from what the device kept.
    expect(figures[0]).toBe(3);
    // The three kept are not read again; the one cut short is, and the rest once each.
    expect(auditReads(requests).slice(before).map(projectOf)).toEqual(order.slice(3));
    const read = getAccountRead();
    expect(read.kind === 'done' && read.progress.projectsRead).toBe(order.length);
  });

  it('stops when the connection changes, sending nothing more of the old one', async () => {
    const { simulator, requests, hold } = connectSimulator();
    const second = bySize(simulator)[1]!;
    const release = hold((request) => auditRead(request) && projectOf(request) === second);
    startAccountRead(options());
    await vi.waitFor(() => expect(auditReads(requests).map(projectOf)).toContain(second), WAIT);

    adoptFromOtherTab(OTHER_ACCOUNT, 'elsewhere', false);
    expect(auditReads(requests).at(-1)?.signal?.aborted).toBe(true);
    release();
    await pause(200);
    expect(auditReads(requests)).toHaveLength(2);
    // The new account starts afresh: no read of the old one is resumed under it, and its marker goes.
    expect(getAccountRead().kind).toBe('idle');
    expect(isAccountReadUnderWay()).toBe(false);
    expect(localStorage.getItem(ACCOUNT_READ_KEY)).toBeNull();
  });

  it('stops when the person asks, and stays stopped across a reload', async () => {
    const { simulator, requests, hold } = connectSimulator();
    const second = bySize(simulator)[1]!;
    const release = hold((request) => auditRead(request) && projectOf(request) === second);
    startAccountRead(options());
    await vi.waitFor(() => expect(auditReads(requests).map(projectOf)).toContain(second), WAIT);

    stopAccountRead();
    expect(getAccountRead()).toMatchObject({ kind: 'stopped', progress: { projectsRead: 1 } });
    expect(auditReads(requests).at(-1)?.signal?.aborted).toBe(true);
    release();
    await pause(200);
    expect(auditReads(requests)).toHaveLength(2);

    forgetInMemory();
    expect(getAccountRead()).toMatchObject({ kind: 'stopped', progress: { projectsRead: 1 } });
    expect(isAccountReadUnderWay()).toBe(false);
  });

  it('waits while the page’s own requests are on their way', async () => {
    const { simulator, requests } = connectSimulator();
    let busy = true;
    const listeners = new Set<() => void>();
    const setBusy = (value: boolean) => {
      busy = value;
      listeners.forEach((listener) => listener());
    };
    startAccountRead(
      options({
        foregroundBusy: () => busy,
        subscribeForeground: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      }),
    );
    await pause(150);
    // Not even the projects list while the page's requests are out.
    expect(requests).toHaveLength(0);

    // The person clicks as soon as the first project is in.
    const clicks = subscribeAccountRead(() => {
      if (projectsRead() === 1 && !busy) setBusy(true);
    });
    setBusy(false);
    await vi.waitFor(() => expect(projectsRead()).toBe(1), WAIT);
    clicks();
    await pause(150);
    expect(busy).toBe(true);
    expect(auditReads(requests)).toHaveLength(1);

    setBusy(false);
    await untilDone();
    expect(auditReads(requests)).toHaveLength(bySize(simulator).length);
  });

  it('lets this tab’s requests waiting for the budget go first', async () => {
    const { simulator, requests } = connectSimulator();
    // One request a minute: the page's first takes the slot, its second waits for the next.
    setRequestLimit(1);
    const first = api.reports.list({});
    const second = api.reports.list({ page: 2 });
    await vi.waitFor(() => expect(queuedRequestCount()).toBe(1));
    startAccountRead(
      options({
        listProjects: () =>
          Promise.resolve(simulator.store.projects().map((p) => ({ name: p.project, reportCount: p.reports }))),
      }),
    );
    await pause(150);
    // The reader queues nothing behind the person's request.
    expect(queuedRequestCount()).toBe(1);
    expect(auditReads(requests)).toHaveLength(0);

    setRequestLimit(undefined);
    await Promise.all([first, second]);
    await untilDone();
    const pageTwo = requests.findIndex((request) => request.url.searchParams.get('page') === '2');
    expect(pageTwo).toBeGreaterThanOrEqual(0);
    expect(pageTwo).toBeLessThan(requests.findIndex(auditRead));
  });

  it('runs in one tab at a time: another waits, showing its progress, and takes over if it goes', async () => {
    const { simulator, requests } = connectSimulator();
    // Another tab holds the lock and has read two projects.
    const progress = { projects: 12, projectsRead: 2, reports: 300, reportsRead: 30 };
    localStorage.setItem(
      ACCOUNT_READ_KEY,
      JSON.stringify({ connection: connectionIdOf(getConnection()), state: 'reading', progress }),
    );
    let otherTabGoes = () => {};
    const otherTabGone = new Promise<void>((resolve) => (otherTabGoes = resolve));
    const asked: string[] = [];
    const locks = {
      request: async (
        name: string,
        lockOptions: LockOptions,
        callback: (lock: Lock | null) => Promise<unknown>,
      ): Promise<unknown> => {
        asked.push(name);
        if (lockOptions.ifAvailable) return callback(null);
        await otherTabGone;
        lockOptions.signal?.throwIfAborted();
        return callback({ name, mode: 'exclusive' });
      },
    } as unknown as LockManager;

    startAccountRead(options({ locks }));
    await vi.waitFor(() =>
      expect(getAccountRead()).toEqual({ kind: 'elsewhere', progress: { ...progress, failed: [] } }),
    );
    await pause(150);
    expect(requests).toHaveLength(0);
    expect(new Set(asked)).toEqual(new Set([`seo-dashboard.account-read.${connectionIdOf(getConnection())}`]));

    // That tab was closed half-way (its marker still says reading): this one reads what is left.
    otherTabGoes();
    await untilDone();
    expect(auditReads(requests).map(projectOf)).toEqual(bySize(simulator));
  });
});
