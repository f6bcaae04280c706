import 'fake-indexeddb/auto';
import { api, queuedRequestCount, setRequestLimit } from '../../../src/api';
import { connectionIdOf, keepOnlyConnection, loadSummaries } from '../../../src/features/audit/device-store';
import {
  applyReportWrite,
  cancelRead,
  forgetInMemory,
  getProjectAuditState,
  isAuditOnItsWay,
  startRead,
  subscribeAudits,
} from '../../../src/features/audit/project-reader';
import { getConnection } from '../../../src/features/connection';
// What tab-sync does when another tab saves another key.
import { adoptFromOtherTab } from '../../../src/features/connection/connection-changes';
import { connectSimulator, TEST_BASE_URL } from '../../helpers/render-app';

// The job that reads a project for its audit, against the real API client: its requests take
// the shared request budget like any other, a cancel drops the one waiting for its turn, and a
// change of connection (here or in another tab) never lets one account's reports be kept, or
// stay kept, on this device.

/** With 1,000 reports seeded, this project spans two pages of 100. */
const PROJECT = 'shop.fourthcoffee.com';
const OTHER_ACCOUNT = { mode: 'service', baseUrl: TEST_BASE_URL, apiKey: 'another-account', remember: false } as const;

const auditReads = (requests: ReturnType<typeof connectSimulator>['requests']) =>
  requests.filter((r) => r.url.searchParams.get('sort_by') === 'generated_at');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  setRequestLimit(undefined);
  forgetInMemory();
  await keepOnlyConnection('nothing');
});

describe('the audit read job', () => {
  // First in the file: the budget counts the requests of the last minute.
  it('waits for the shared request budget, and a cancel drops the request waiting for its turn', async () => {
    const { requests } = connectSimulator({ reportCount: 1000 });
    const account = await connectionIdOf(getConnection());
    // One request a minute: the first page goes, the second waits for a slot.
    setRequestLimit(1);
    const reading = startRead(PROJECT);
    await vi.waitFor(() => expect(queuedRequestCount()).toBe(1));
    expect(auditReads(requests)).toHaveLength(1);
    const state = getProjectAuditState(PROJECT).read;
    expect(state.kind === 'reading' && state.progress.read).toBe(100);

    cancelRead(PROJECT);
    await reading;
    expect(getProjectAuditState(PROJECT).read.kind).toBe('cancelled');
    expect(queuedRequestCount()).toBe(0);
    // The budget opens again: the dropped request never goes out, and nothing was kept.
    setRequestLimit(undefined);
    await pause(50);
    expect(auditReads(requests)).toHaveLength(1);
    expect(await loadSummaries(account)).toEqual([]);
  });

  it('stops at once when another tab changes the connection, sending nothing more', async () => {
    const { requests } = connectSimulator({ reportCount: 1000, latencyMs: 30 });
    const first = await connectionIdOf(getConnection());
    const reading = startRead(PROJECT);
    await vi.waitFor(() => {
      const state = getProjectAuditState(PROJECT).read;
      expect(state.kind === 'reading' && state.progress.read).toBe(100);
    });
    const sent = auditReads(requests).length;

    adoptFromOtherTab(OTHER_ACCOUNT, 'elsewhere', false);
    await reading;
    // Nothing of the old account is left in memory for the page to show.
    expect(getProjectAuditState(PROJECT).snapshot).toBeUndefined();
    await pause(100);
    expect(auditReads(requests)).toHaveLength(sent);
    // The page it was waiting for is given up.
    expect(auditReads(requests).at(-1)?.signal?.aborted).toBe(true);
    const second = await connectionIdOf(getConnection());
    expect(await loadSummaries(first)).toEqual([]);
    expect(await loadSummaries(second)).toEqual([]);
  });

  it('writes nothing of the old account when the connection changes as its read is being kept', async () => {
    connectSimulator();
    const first = await connectionIdOf(getConnection());
    // Every write to the device: its clean-up after a change could otherwise miss a late one.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    let writesBefore: number | undefined;
    // The change lands the moment the read is done and before it is written to the device.
    const stop = subscribeAudits(() => {
      const state = getProjectAuditState(PROJECT);
      if (writesBefore === undefined && state.read.kind === 'idle' && state.checkedAt !== undefined) {
        writesBefore = put.mock.calls.length;
        adoptFromOtherTab(OTHER_ACCOUNT, 'elsewhere', false);
      }
    });
    try {
      await startRead(PROJECT);
    } finally {
      stop();
    }
    expect(writesBefore).toBeDefined();
    expect(put.mock.calls.length).toBe(writesBefore);
    const second = await connectionIdOf(getConnection());
    await pause(100);
    expect(await loadSummaries(first)).toEqual([]);
    expect(await loadSummaries(second)).toEqual([]);
  });

  it('applies a write that lands while the project is being read to what the read returns', async () => {
    const { simulator } = connectSimulator({ reportCount: 1000, latencyMs: 50 });
    // The newest report: on the first page read, before the write.
    const newest = simulator.store
      .reports()
      .filter((r) => r.project === PROJECT)
      .sort((a, b) => (a.generated_at < b.generated_at ? 1 : -1))[0]!;
    Object.assign(newest, { privacy: 0, password: false });
    const before = await api.reports.show(String(newest.id));
    let written = false;
    const stop = subscribeAudits(() => {
      const { read } = getProjectAuditState(PROJECT);
      if (!written && read.kind === 'reading' && read.progress.requests === 1) {
        written = true;
        // The service takes the change and this dashboard applies its answer; page 2 is on its way.
        Object.assign(newest, { privacy: 1 });
        void applyReportWrite({ kind: 'privacy', report: { ...before, privacy: 'private' } });
      }
    });
    try {
      await startRead(PROJECT);
    } finally {
      stop();
    }
    expect(written).toBe(true);
    const { snapshot } = getProjectAuditState(PROJECT);
    expect(snapshot?.reports.length).toBeGreaterThan(100);
    expect(snapshot?.reports.find((r) => r.id === before.id)?.privacy).toBe('private');
  });
});

describe('whether an audit is on its way to the page', () => {
  const idle = { kind: 'idle' } as const;
  const state = (snapshot: null | undefined | 'kept', read: Parameters<typeof isAuditOnItsWay>[0]['read'] = idle) => ({
    snapshot: snapshot === 'kept' ? ({} as never) : snapshot,
    audit: undefined,
    read,
    checkedAt: undefined,
  });

  it('is while the device is looked at, when something is kept, and while reading', () => {
    expect(isAuditOnItsWay(state(undefined), 5000)).toBe(true);
    expect(isAuditOnItsWay(state('kept'), 5000)).toBe(true);
    expect(
      isAuditOnItsWay(
        state(null, { kind: 'reading', progress: { mode: 'full', read: 0, total: null, requests: 0 } }),
        5000,
      ),
    ).toBe(true);
  });

  it('is for a project read on the visit without asking, and while its count is on its way', () => {
    expect(isAuditOnItsWay(state(null), 1000)).toBe(true);
    expect(isAuditOnItsWay(state(null), undefined)).toBe(true);
  });

  it('is not for a large or empty project, a count that failed, or a read that failed or was cancelled', () => {
    expect(isAuditOnItsWay(state(null), 1001)).toBe(false);
    expect(isAuditOnItsWay(state(null), 0)).toBe(false);
    expect(isAuditOnItsWay(state(null), null)).toBe(false);
    expect(isAuditOnItsWay(state(null, { kind: 'failed', error: new Error('x') }), 10)).toBe(false);
    expect(
      isAuditOnItsWay(
        state(null, { kind: 'cancelled', progress: { mode: 'full', read: 0, total: 10, requests: 0 } }),
        10,
      ),
    ).toBe(false);
  });
});
