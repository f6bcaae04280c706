import { type ApiError } from '../../src/api';
import {
  checkForDuplicates,
  checkManyForDuplicates,
  lookAfterStore,
  deleteProjectSettled,
  deleteReportSettled,
  isUnknownOutcome,
  reanalyseReportSettled,
  storeReportSettled,
  updateReportSettled,
} from '../../src/api/write-outcomes';
import { connectSimulator } from '../helpers/render-app';

/**
 * A write whose answer is lost (the service applied it, then the connection was cut) must never
 * be reported as failed, nor be sent twice: the dashboard settles it by reading.
 */
const FAST = { pollIntervalMs: 1 };

type Setup = ReturnType<typeof connectSimulator>;
const writes = (setup: Setup, method: string) => setup.requests.filter((r) => r.method === method);
const firstReport = (setup: Setup) => {
  const report = setup.simulator.store.reports()[0];
  if (!report) throw new Error('the seed has reports');
  return report;
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );
}

describe('store', () => {
  it('a store applied then cut is found by reading: created once, reported as created', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    const before = setup.simulator.store.reports().length;

    const result = await storeReportSettled({ url: 'https://www.example.org/lost-answer/', privacy: 'public' }, FAST);

    expect(result.settledByReading).toBe(true);
    expect(result.value.url).toBe('example.org/lost-answer');
    expect(setup.simulator.store.reports()).toHaveLength(before + 1);
    expect(writes(setup, 'POST')).toHaveLength(1);
    const search = setup.requests.find((r) => r.method === 'GET')?.url.searchParams.get('search');
    expect(search).toBe('example.org/lost-answer');
  });

  it('a store cut before it reached the service is reported as not created, safe to retry', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'network', method: 'POST' });
    // Polls until the analysis time limit has passed: a clock that runs fast ends it at once.
    let clock = Date.now();
    const error = await rejection(
      storeReportSettled(
        { url: 'example.org/never-sent', privacy: 'public' },
        { ...FAST, now: () => (clock += 60_000) },
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/was not created\. It is safe to try again/);
    expect(isUnknownOutcome(error)).toBe(false);
    expect(setup.simulator.store.reports().some((r) => r.url === 'example.org/never-sent')).toBe(false);
  });

  it('an older report of the same page does not count as the lost one', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const older = firstReport(setup);
    setup.simulator.faults.next({ kind: 'network', method: 'POST' });
    let clock = Date.now() + 24 * 3600_000; // our clock is a day ahead of every report's creation
    const error = await rejection(
      storeReportSettled({ url: older.url, privacy: 'public' }, { ...FAST, now: () => (clock += 60_000) }),
    );
    expect(error.message).toMatch(/was not created/);
  });

  it('when the service cannot be read either, the outcome stays unknown and can be checked again', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    setup.simulator.faults.next({ kind: 'network', method: 'GET', times: 20 });
    let clock = Date.now();
    const error = await rejection(
      storeReportSettled({ url: 'example.org/unknown', privacy: 'public' }, { ...FAST, now: () => (clock += 60_000) }),
    );
    expect(isUnknownOutcome(error)).toBe(true);
    expect(error.message).toMatch(/cannot be reached to check/);

    setup.simulator.faults.clear();
    if (!isUnknownOutcome(error)) throw new Error('unreachable');
    const settled = await error.recheck(FAST);
    expect((settled.value as { url: string }).url).toBe('example.org/unknown');
    expect(writes(setup, 'POST')).toHaveLength(1);
  });

  it('a refusal by the service (422) is a plain failure, not settled by reading', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const error = await rejection(storeReportSettled({ url: 'https://unreachable.invalid/', privacy: 'public' }, FAST));
    expect(error.status).toBe(422);
    expect(setup.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });
});

describe('delete', () => {
  it('a delete applied then cut reads back 404: deleted', async () => {
    const setup = connectSimulator();
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    const result = await deleteReportSettled(String(report.id), FAST);
    expect(result).toEqual({ value: String(report.id), settledByReading: true });
    expect(setup.simulator.store.reports().some((r) => r.id === report.id)).toBe(false);
  });

  it('a retried delete answered 404 is done', async () => {
    const setup = connectSimulator();
    const report = firstReport(setup);
    await deleteReportSettled(String(report.id));
    const again = await deleteReportSettled(String(report.id));
    expect(again.settledByReading).toBe(true);
  });

  it('a delete cut before it arrived reads back the report: not deleted', async () => {
    const setup = connectSimulator();
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'network', method: 'DELETE' });
    const error = await rejection(deleteReportSettled(String(report.id), FAST));
    expect(error.message).toMatch(/still has this report: it was not deleted/);
  });

  it('a project delete applied then cut is settled by counting its reports', async () => {
    const setup = connectSimulator();
    const project = firstReport(setup).project;
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    const result = await deleteProjectSettled(project, FAST);
    expect(result.settledByReading).toBe(true);
    expect(setup.simulator.store.reports().some((r) => r.project === project)).toBe(false);
    expect(writes(setup, 'DELETE')).toHaveLength(1);
  });

  it('a project delete cut before it arrived is not deleted', async () => {
    const setup = connectSimulator();
    const project = firstReport(setup).project;
    setup.simulator.faults.next({ kind: 'network', method: 'DELETE' });
    const error = await rejection(deleteProjectSettled(project, FAST));
    expect(error.message).toMatch(/still has reports of this project/);
  });
});

describe('update', () => {
  it('a privacy change applied then cut shows what the service holds', async () => {
    const setup = connectSimulator();
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    const result = await updateReportSettled(String(report.id), { privacy: 'private' }, FAST);
    expect(result.settledByReading).toBe(true);
    expect(result.value.privacy).toBe('private');
    expect(writes(setup, 'PATCH')).toHaveLength(1);
  });

  it('a privacy change lost before it arrived reads back the old value, also shown as it is', async () => {
    const setup = connectSimulator();
    const report = firstReport(setup);
    const before = report.privacy;
    setup.simulator.faults.next({ kind: 'network', method: 'PATCH' });
    const result = await updateReportSettled(String(report.id), { privacy: before === 1 ? 'public' : 'private' }, FAST);
    expect(result.settledByReading).toBe(true);
    expect(result.value.privacy).toBe(['public', 'private', 'password'][before]);
  });

  it('a re-analysis applied then cut is found by its new generated_at', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    const result = await reanalyseReportSettled(String(report.id), report.generated_at, FAST);
    expect(result.settledByReading).toBe(true);
    expect(Date.parse(result.value.generatedAt ?? '')).toBeGreaterThan(Date.parse(report.generated_at));
  });
});

describe('the look for a second report after a store', () => {
  const T = Date.parse('2026-11-26T12:00:00Z');
  /** A simulator whose clock the test sets: the creation times it stores are known. */
  const atClock = () => {
    let clock = T;
    const setup = connectSimulator({ analysisDelayMs: 0, clock: () => clock });
    return { ...setup, setClock: (at: number) => (clock = at) };
  };
  const listReads = (setup: Setup) =>
    setup.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/reports');

  it('finds what a store sent twice left, with one list read of the URL as stored, newest first', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-resend', method: 'POST' });
    const stored = await storeReportSettled({ url: 'https://www.example.org/twice/', privacy: 'public' });
    const both = setup.simulator.store.reports().filter((r) => r.url === 'example.org/twice');
    expect(both).toHaveLength(2);
    expect(writes(setup, 'POST')).toHaveLength(1);

    const check = await checkForDuplicates(stored);
    const other = both.find((r) => String(r.id) !== stored.value.id)!;
    expect(check).toEqual({ checked: true, others: [{ id: String(other.id), url: 'example.org/twice' }] });
    const reads = listReads(setup);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.url.searchParams.get('search')).toBe('example.org/twice');
    expect(reads[0]?.url.searchParams.get('sort')).toBe('desc');
  });

  it("counts only reports created within the request's span of the kept one, whatever the clocks say", async () => {
    const setup = atClock();
    // The service's clock is an hour behind ours: the window does not depend on it.
    const ours = T + 3_600_000;
    setup.setClock(T - 20_000);
    const before = await storeReportSettled({ url: 'example.org/span', privacy: 'public' });
    setup.setClock(T - 4_000);
    const during = await storeReportSettled({ url: 'example.org/span', privacy: 'public' });
    setup.setClock(T - 3_000);
    await storeReportSettled({ url: 'example.org/span/other', privacy: 'public' });
    setup.setClock(T);
    const kept = await storeReportSettled({ url: 'example.org/span', privacy: 'public' });

    // Sent 5 s before its answer: the report 4 s older is from the same request, the one 20 s older is not.
    const check = await checkForDuplicates({ ...kept, sentAt: ours - 5_000 }, { now: () => ours });
    expect(check).toEqual({ checked: true, others: [{ id: during.value.id, url: 'example.org/span' }] });
    expect(check.checked && check.others.map((r) => r.id)).not.toContain(before.value.id);

    // A quicker request: nothing else was created while it was open (the service keeps whole seconds).
    const quick = await checkForDuplicates({ ...kept, sentAt: ours - 2_000 }, { now: () => ours });
    expect(quick).toEqual({ checked: true, others: [] });
  });

  it('a lost answer settled long after it was sent looks no further back than the analysis limit', async () => {
    const setup = atClock();
    setup.setClock(T - 10 * 60_000);
    await storeReportSettled({ url: 'example.org/long-ago', privacy: 'public' });
    setup.setClock(T);
    const kept = await storeReportSettled({ url: 'example.org/long-ago', privacy: 'public' });
    const check = await checkForDuplicates({ ...kept, sentAt: T - 60 * 60_000 }, { now: () => T });
    expect(check).toEqual({ checked: true, others: [] });
  });

  it('a read that fails leaves the store done: it says it could not look, and never throws', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const stored = await storeReportSettled({ url: 'example.org/unread', privacy: 'public' });
    setup.simulator.faults.next({ kind: '500', method: 'GET' });
    await expect(checkForDuplicates(stored)).resolves.toEqual({ checked: false });
    expect(listReads(setup)).toHaveLength(1);
  });

  it('without a creation time there is nothing to compare: no request', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const stored = await storeReportSettled({ url: 'example.org/timeless', privacy: 'public' });
    await expect(checkForDuplicates({ ...stored, value: { ...stored.value, createdAt: null } })).resolves.toEqual({
      checked: false,
    });
    expect(listReads(setup)).toHaveLength(0);
  });

  describe('for many stores at once (a job)', () => {
    const lookOf = (stored: Awaited<ReturnType<typeof storeReportSettled>>, sentAt: number, answeredAt: number) => {
      const look = lookAfterStore({ ...stored, sentAt }, () => answeredAt);
      if (!look) throw new Error('the simulator gives creation times');
      return look;
    };

    it("finds each store's others with one read of the newest reports, not one read per store", async () => {
      const setup = atClock();
      setup.setClock(T - 60_000);
      await storeReportSettled({ url: 'example.org/many/a', privacy: 'public' });
      setup.setClock(T);
      const a = await storeReportSettled({ url: 'example.org/many/a', privacy: 'public' });
      const twice = await storeReportSettled({ url: 'example.org/many/a', privacy: 'public' });
      setup.setClock(T + 5_000);
      const b = await storeReportSettled({ url: 'example.org/many/b', privacy: 'public' });
      setup.requests.length = 0;

      const found = await checkManyForDuplicates([
        lookOf(twice, T - 2_000, T + 1_000),
        lookOf(b, T + 4_000, T + 6_000),
      ]);

      // The report a minute older is another run of the page, not the same request's.
      expect(found.get(twice.value.id)).toEqual({
        checked: true,
        others: [{ id: a.value.id, url: 'example.org/many/a' }],
      });
      expect(found.get(b.value.id)).toEqual({ checked: true, others: [] });
      const reads = listReads(setup);
      expect(reads).toHaveLength(1);
      expect(reads[0]?.url.searchParams.get('search')).toBeNull();
      expect(reads[0]?.url.searchParams.get('sort_by')).toBe('id');
      expect(reads[0]?.url.searchParams.get('per_page')).toBe('100');
    });

    it('looks at a store by itself when others created too many reports meanwhile to read back to it', async () => {
      const setup = atClock();
      setup.setClock(T);
      const first = await storeReportSettled({ url: 'example.org/crowded', privacy: 'public' });
      const second = await storeReportSettled({ url: 'example.org/crowded', privacy: 'public' });
      // Three pages of other people's reports, all in the same second: a few pages never reach back.
      const { id: _id, ...sameSecond } = setup.simulator.store.get(Number(second.value.id))!;
      for (let n = 0; n < 320; n += 1) setup.simulator.store.add({ ...sameSecond, url: `example.org/others/${n}` });
      setup.requests.length = 0;

      const found = await checkManyForDuplicates([lookOf(second, T - 1_000, T + 1_000)]);

      expect(found.get(second.value.id)).toEqual({
        checked: true,
        others: [{ id: first.value.id, url: 'example.org/crowded' }],
      });
      const reads = listReads(setup);
      expect(reads.filter((r) => r.url.searchParams.get('search') === null)).toHaveLength(3);
      expect(reads.filter((r) => r.url.searchParams.get('search') === 'example.org/crowded')).toHaveLength(1);
    });

    it('a read that fails leaves every store done and says none could be checked', async () => {
      const setup = atClock();
      const stored = await storeReportSettled({ url: 'example.org/many/unread', privacy: 'public' });
      setup.simulator.faults.next({ kind: '500', method: 'GET' });
      const found = await checkManyForDuplicates([lookOf(stored, T - 1_000, T)]);
      expect(found.get(stored.value.id)).toEqual({ checked: false });
    });

    it('nothing to look for sends no request', async () => {
      const setup = atClock();
      await expect(checkManyForDuplicates([])).resolves.toEqual(new Map());
      expect(listReads(setup)).toHaveLength(0);
    });
  });
});
