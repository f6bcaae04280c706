import { ApiError, getTransport, setTransport } from '../../src/api';
import {
  CLOCK_SKEW_MS,
  checkForDuplicates,
  checkManyForDuplicates,
  findCreatedReport,
  lookAfterStore,
  deleteProjectSettled,
  deleteReportSettled,
  isUnknownOutcome,
  mayHaveReachedService,
  reanalyseReportSettled,
  reportsOfPage,
  runWrite,
  settleInterruptedStore,
  storeReportSettled,
  updateReportSettled,
  type SettleProgress,
} from '../../src/api/write-outcomes';
import { toServiceTimestamp } from '../../src/simulator/timestamps';
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
    // A 404 is an answer, not a lost read: one read settles it.
    expect(writes(setup, 'GET')).toHaveLength(1);
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

describe('which failures may hide a write that happened', () => {
  it('an answer lost on the way, a timeout, an unreadable answer or a gateway that gave up: the write may have happened', () => {
    const may = (kind: ApiError['kind'], status?: number) => mayHaveReachedService(new ApiError(kind, 'x', { status }));
    expect([may('network'), may('timeout'), may('invalid-response'), may('http', 502), may('http', 504)]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // The service answered, and said no: nothing happened.
    expect([may('http', 500), may('http', 422), may('http', 404), may('http', 503)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // A gateway's status on a failure that is not an answer is not a gateway's answer.
    expect(may('unknown-outcome', 502)).toBe(false);
    // A cancellation, or an error of the dashboard's own, is not a lost answer.
    expect(mayHaveReachedService(new DOMException('stop', 'AbortError'))).toBe(false);
    expect(mayHaveReachedService(new Error('a bug'))).toBe(false);
  });
});

/** What a settle in progress told the page, one entry per attempt. */
const progressLog = () => {
  const seen: SettleProgress[] = [];
  return { seen, onSettling: (progress: SettleProgress) => void seen.push(progress) };
};

/** As the page cancels: a DOMException of the page's own (Node's AbortController makes another realm's). */
const cancel = (controller: AbortController) => controller.abort(new DOMException('Stopped.', 'AbortError'));
const aborted = () => {
  const controller = new AbortController();
  cancel(controller);
  return controller.signal;
};

/**
 * Runs `promise` while fake time passes in small steps (reads are answered at once; the waits
 * between them are what the fake timers hold).
 */
async function withTimePassing<T>(promise: Promise<T>, maxMs = 10 * 60_000) {
  let done = false;
  const outcome = promise.then(
    (value) => {
      done = true;
      return { ok: true as const, value };
    },
    (error: unknown) => {
      done = true;
      return { ok: false as const, error: error as ApiError };
    },
  );
  for (let passed = 0; !done && passed < maxMs; passed += 50) await vi.advanceTimersByTimeAsync(50);
  return outcome;
}

describe('a write answered as usual is not settled by reading', () => {
  it('each write answered says so, and a store keeps the time it was sent', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    const stored = await storeReportSettled({ url: 'example.org/answered', privacy: 'public' }, { now: () => 1234 });
    expect(stored).toMatchObject({ settledByReading: false, sentAt: 1234 });
    expect(await updateReportSettled(String(report.id), { privacy: 'private' })).toMatchObject({
      settledByReading: false,
    });
    expect(await reanalyseReportSettled(String(report.id), report.generated_at)).toMatchObject({
      settledByReading: false,
    });
    expect(await deleteReportSettled(String(report.id))).toEqual({ value: String(report.id), settledByReading: false });
    const project = firstReport(setup).project;
    expect(await deleteProjectSettled(project)).toEqual({ value: project, settledByReading: false });
    expect(writes(setup, 'GET')).toHaveLength(0);
  });

  it('a cancelled write is not sent', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const id = String(firstReport(setup).id);
    const before = setup.simulator.store.reports().length;
    const cancelled = [
      storeReportSettled({ url: 'example.org/cancelled', privacy: 'public' }, { signal: aborted() }),
      updateReportSettled(id, { privacy: 'private' }, { signal: aborted() }),
      reanalyseReportSettled(id, null, { signal: aborted() }),
      deleteReportSettled(id, { signal: aborted() }),
      deleteProjectSettled(firstReport(setup).project, { signal: aborted() }),
    ];
    for (const write of cancelled) expect(await rejection(write)).toMatchObject({ name: 'AbortError' });
    expect(setup.requests).toHaveLength(0);
    expect(setup.simulator.store.reports()).toHaveLength(before);
  });

  it('a failure that says the service did nothing is passed on as it is, without reading', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    const id = String(report.id);
    const failing = [
      () => deleteReportSettled(id),
      () => deleteProjectSettled(report.project),
      () => updateReportSettled(id, { privacy: 'private' }),
      () => reanalyseReportSettled(id, report.generated_at),
    ];
    for (const write of failing) {
      setup.simulator.faults.next({ kind: '500' });
      const error = await rejection(write());
      expect(error).toMatchObject({ kind: 'http', status: 500 });
      expect(isUnknownOutcome(error)).toBe(false);
    }
    expect(writes(setup, 'GET')).toHaveLength(0);
    expect(setup.simulator.store.get(report.id)).toEqual(report);
  });

  it('a project that is not there (404) is deleted already', async () => {
    connectSimulator();
    expect(await deleteProjectSettled('no-such-project.example')).toEqual({
      value: 'no-such-project.example',
      settledByReading: true,
    });
  });
});

describe('settling a store', () => {
  afterEach(() => vi.useRealTimers());

  it('looks every interval until the analysis limit and its margin have passed, then says not created', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'network', method: 'POST' });
    const sentAt = 1_000_000;
    const lookingUntil = sentAt + 150_000;
    // Sent, then a read 10 s short of the end (another is worth it), then one 5 s short (it is not).
    const clock = [sentAt, lookingUntil - 10_000, lookingUntil - 5_000];
    const now = () => clock.shift() ?? lookingUntil + 60_000 * (1 + setup.requests.length);
    const log = progressLog();
    const outcome = await withTimePassing(
      storeReportSettled(
        { url: 'example.org/slow-or-never', privacy: 'public' },
        { now, pollIntervalMs: 10_000, onSettling: log.onSettling },
      ),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.error.message).toMatch(/was not created/);
    expect(writes(setup, 'GET')).toHaveLength(2);
    expect(log.seen).toEqual([
      { attempt: 1, polls: true, lookingUntil },
      { attempt: 2, polls: true, lookingUntil },
    ]);
  });

  it('a read that fails meanwhile is skipped: the next one finds the report', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    setup.simulator.faults.next({ kind: '500', method: 'GET' });
    const controller = new AbortController();
    const listening = new Set<unknown>();
    const { signal } = controller;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    vi.spyOn(signal, 'addEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') listening.add(listener);
      add(type, listener, options);
    });
    vi.spyOn(signal, 'removeEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') listening.delete(listener);
      remove(type, listener, options);
    });

    const result = await storeReportSettled({ url: 'example.org/second-look', privacy: 'public' }, { ...FAST, signal });
    expect(result).toMatchObject({ settledByReading: true, value: { url: 'example.org/second-look' } });
    expect(writes(setup, 'GET')).toHaveLength(2);
    // Nothing of the settle is left listening on the caller's signal (a job's lives long).
    expect(listening.size).toBe(0);
  });

  it('stops at once when the person cancels while it waits between reads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'network', method: 'POST' });
    const controller = new AbortController();
    let outcome: unknown = 'pending';
    void storeReportSettled(
      { url: 'example.org/given-up', privacy: 'public' },
      { signal: controller.signal, pollIntervalMs: 60_000 },
    ).then(
      () => (outcome = 'settled'),
      (error: unknown) => (outcome = error),
    );
    for (let step = 0; writes(setup, 'GET').length === 0 && step < 100; step += 1)
      await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(10);
    expect(outcome).toBe('pending');
    cancel(controller);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ name: 'AbortError' });
    expect(writes(setup, 'GET')).toHaveLength(1);
  });

  it('a connection changed during a read ends the settle as cancelled, not as a finding', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    const release = setup.hold((r) => r.method === 'GET');
    const settling = rejection(storeReportSettled({ url: 'example.org/changed', privacy: 'public' }, FAST));
    await vi.waitFor(() => expect(writes(setup, 'GET')).toHaveLength(1));
    const next = connectSimulator({ analysisDelayMs: 0 });
    expect(await settling).toMatchObject({ name: 'AbortError' });
    release();
    expect(next.requests).toHaveLength(0);
  });

  it('when no read succeeds, the unknown outcome keeps the last read failure, and checking again keeps its options', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    setup.simulator.faults.next({ kind: '500', method: 'GET', times: 3 });
    let clock = Date.now();
    const log = progressLog();
    const error = await rejection(
      storeReportSettled(
        { url: 'example.org/unread', privacy: 'public' },
        { ...FAST, now: () => (clock += 60_000), onSettling: log.onSettling },
      ),
    );
    if (!isUnknownOutcome(error)) throw new Error('expected an unknown outcome');
    expect(error.cause).toMatchObject({ kind: 'http', status: 500 });
    const attempts = log.seen.length;

    const settled = await error.recheck();
    expect(settled).toMatchObject({ settledByReading: true, value: { url: 'example.org/unread' } });
    expect(log.seen.length).toBeGreaterThan(attempts);
  });

  it('a store lost at a gateway and not made fails with the gateway’s status, its failure as the cause', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    setup.simulator.faults.next({ kind: '504', method: 'POST' });
    let clock = Date.now();
    const error = await rejection(
      storeReportSettled({ url: 'example.org/gateway', privacy: 'public' }, { ...FAST, now: () => (clock += 60_000) }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 504, message: expect.stringMatching(/was not created/) });
    expect(error.cause).toMatchObject({ kind: 'http', status: 504 });
  });

  it('a store the closed page was sending, not made, says so in its cause', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    let clock = Date.now();
    const error = await rejection(
      settleInterruptedStore({ url: 'example.org/interrupted', privacy: 'public' }, clock, {
        ...FAST,
        now: () => (clock += 60_000),
      }),
    );
    expect(error.message).toMatch(/was not created/);
    expect((error.cause as Error).message).toBe('The page was closed or reloaded while this write was being sent.');
  });
});

describe('finding the report a store made', () => {
  const T = Date.parse('2026-11-26T12:00:00Z');

  it('counts a report created exactly the clock skew before the store was sent, not a second earlier', async () => {
    connectSimulator({ analysisDelayMs: 0, clock: () => T });
    const made = await storeReportSettled({ url: 'example.org/skew', privacy: 'public' });
    expect(await findCreatedReport('example.org/skew', T + CLOCK_SKEW_MS)).toMatchObject({ id: made.value.id });
    expect(await findCreatedReport('example.org/skew', T + CLOCK_SKEW_MS + 1_000)).toBeNull();
  });

  it('reads only reports of that very page, not of the pages under it', async () => {
    connectSimulator({ analysisDelayMs: 0 });
    await storeReportSettled({ url: 'example.org/parent/child', privacy: 'public' });
    const parent = await storeReportSettled({ url: 'example.org/parent', privacy: 'public' });
    expect((await reportsOfPage('https://www.example.org/parent/')).map((r) => r.id)).toEqual([parent.value.id]);
  });

  it('a cancelled look sends nothing', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    expect(await rejection(reportsOfPage('example.org/parent', aborted()))).toMatchObject({ name: 'AbortError' });
    expect(setup.requests).toHaveLength(0);
  });
});

describe('settling a delete, a privacy change, a project delete', () => {
  afterEach(() => vi.useRealTimers());

  type Case = {
    name: string;
    method: 'DELETE' | 'PATCH';
    settle: (setup: Setup, options: Parameters<typeof deleteReportSettled>[1]) => Promise<unknown>;
    /** What the page is told when the service cannot be read. */
    unknown: RegExp;
    /** The outcome when the write was not applied and reading works. */
    notApplied: (outcome: { ok: boolean; error?: ApiError }) => void;
  };
  const CASES: Case[] = [
    {
      name: 'a delete',
      method: 'DELETE',
      settle: (setup, options) => deleteReportSettled(String(firstReport(setup).id), options),
      unknown: /cannot be reached to check whether the report was deleted/,
      notApplied: (outcome) => expect(outcome.error?.message).toMatch(/still has this report/),
    },
    {
      name: 'a project delete',
      method: 'DELETE',
      settle: (setup, options) => deleteProjectSettled(firstReport(setup).project, options),
      unknown: /cannot be reached to check whether the project was deleted/,
      notApplied: (outcome) => expect(outcome.error?.message).toMatch(/still has reports of this project/),
    },
    {
      name: 'a privacy change',
      method: 'PATCH',
      settle: (setup, options) => updateReportSettled(String(firstReport(setup).id), { privacy: 'private' }, options),
      unknown: /cannot be reached to read what it holds now/,
      notApplied: (outcome) => expect(outcome.ok).toBe(true),
    },
  ];

  it.each(CASES)('$name tells the page it reads once, now, without polling', async ({ method, settle }) => {
    const setup = connectSimulator();
    setup.simulator.faults.next({ kind: 'network', method });
    const log = progressLog();
    await settle(setup, { ...FAST, now: () => 4242, onSettling: log.onSettling }).catch(() => undefined);
    expect(log.seen).toEqual([{ attempt: 1, polls: false, lookingUntil: 4242 }]);
  });

  it.each(CASES)(
    '$name cancelled as it starts reading ends cancelled, and reads nothing',
    async ({ method, settle }) => {
      const setup = connectSimulator();
      setup.simulator.faults.next({ kind: 'network', method });
      const controller = new AbortController();
      const error = await rejection(
        Promise.resolve(settle(setup, { ...FAST, signal: controller.signal, onSettling: () => cancel(controller) })),
      );
      expect(error).toMatchObject({ name: 'AbortError' });
      expect(writes(setup, 'GET')).toHaveLength(0);
    },
  );

  it.each(CASES)(
    '$name whose reads all fail stays unknown after three tries, and checking again reads again',
    async ({ method, settle, unknown, notApplied }) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const setup = connectSimulator();
      setup.simulator.faults.next({ kind: 'network', method });
      setup.simulator.faults.next({ kind: '500', method: 'GET', times: 3 });
      const log = progressLog();
      const outcome = await withTimePassing(Promise.resolve(settle(setup, { onSettling: log.onSettling })));
      const error = outcome.ok ? undefined : outcome.error;
      if (!isUnknownOutcome(error)) throw new Error('expected an unknown outcome');
      expect(error.message).toMatch(unknown);
      expect(error.cause).toMatchObject({ kind: 'http', status: 500 });
      expect(writes(setup, 'GET')).toHaveLength(3);

      const again = await withTimePassing(error.recheck());
      notApplied(again.ok ? { ok: true } : { ok: false, error: again.error });
      expect(log.seen).toHaveLength(2);
      expect(writes(setup, 'GET')).toHaveLength(4);
    },
  );

  /** The simulator on a fake clock, and when each read (GET) was sent by it. */
  async function withReadTimes() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const setup = connectSimulator();
    const transport = await getTransport();
    const readAt: number[] = [];
    setTransport({
      ...transport,
      fetch: (input, init) => {
        if ((init?.method ?? 'GET') === 'GET') readAt.push(Date.now());
        return transport.fetch!(input, init);
      },
    });
    return { setup, readAt };
  }

  it('tries a read again after half a second, then after one more second', async () => {
    const { setup, readAt } = await withReadTimes();
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    setup.simulator.faults.next({ kind: '503', method: 'GET', times: 2 });
    const outcome = await withTimePassing(deleteReportSettled(String(report.id)));
    expect(outcome).toEqual({ ok: true, value: { value: String(report.id), settledByReading: true } });
    expect(readAt.slice(1).map((at, n) => at - readAt[n]!)).toEqual([500, 1_000]);
  });

  it('after its third failed read it says the outcome is unknown at once, with no wait after it', async () => {
    const { setup, readAt } = await withReadTimes();
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    setup.simulator.faults.next({ kind: '503', method: 'GET', times: 3 });
    const settled = deleteReportSettled(String(firstReport(setup).id)).catch((error: unknown) => ({
      error,
      at: Date.now(),
    }));
    const outcome = await withTimePassing(settled);
    const { error, at } = outcome.ok ? (outcome.value as { error: unknown; at: number }) : { error: null, at: NaN };
    expect(isUnknownOutcome(error)).toBe(true);
    expect(readAt).toHaveLength(3);
    // Told when the last read failed (the fake clock moves in 50 ms steps), not 2 s later.
    expect(at - readAt[2]!).toBeLessThanOrEqual(50);
  });

  it('a read that fails as the person cancels is not tried again: the delete stays unknown', async () => {
    const setup = connectSimulator();
    const transport = await getTransport();
    const controller = new AbortController();
    setTransport({
      ...transport,
      fetch: async (input, init) => {
        const response = await transport.fetch!(input, init);
        if ((init?.method ?? 'GET') === 'GET') cancel(controller);
        return response;
      },
    });
    setup.simulator.faults.next({ kind: 'network', method: 'DELETE' });
    setup.simulator.faults.next({ kind: '500', method: 'GET' });
    const error = await rejection(deleteReportSettled(String(firstReport(setup).id), { signal: controller.signal }));
    expect(isUnknownOutcome(error)).toBe(true);
    expect(error.cause).toMatchObject({ kind: 'http', status: 500 });
    expect(writes(setup, 'GET')).toHaveLength(1);
  });
});

describe('settling a re-analysis', () => {
  it('a re-analysis that never arrived finds the previous results, and says it can be sent again', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'network', method: 'PATCH' });
    let clock = Date.now();
    const error = await rejection(
      reanalyseReportSettled(String(report.id), report.generated_at, { ...FAST, now: () => (clock += 60_000) }),
    );
    expect(isUnknownOutcome(error)).toBe(false);
    expect(error.message).toBe(
      'The connection was lost and the report still has its previous results: it was not analysed again. It is safe to try again.',
    );
  });

  it('when no read succeeds, the outcome stays unknown with the read failure; checking again keeps its options', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    setup.simulator.faults.next({ kind: '500', method: 'GET', times: 3 });
    let clock = Date.now();
    const log = progressLog();
    const error = await rejection(
      reanalyseReportSettled(String(report.id), report.generated_at, {
        ...FAST,
        now: () => (clock += 60_000),
        onSettling: log.onSettling,
      }),
    );
    if (!isUnknownOutcome(error)) throw new Error('expected an unknown outcome');
    expect(error.message).toMatch(/cannot be reached to check whether the page was analysed again/);
    expect(error.cause).toMatchObject({ kind: 'http', status: 500 });
    const attempts = log.seen.length;
    expect(await error.recheck()).toMatchObject({ settledByReading: true });
    expect(log.seen.length).toBeGreaterThan(attempts);
  });

  it('cancelled as it starts reading, it ends cancelled', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0 });
    const report = firstReport(setup);
    setup.simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    const controller = new AbortController();
    const error = await rejection(
      reanalyseReportSettled(String(report.id), report.generated_at, {
        ...FAST,
        signal: controller.signal,
        onSettling: () => cancel(controller),
      }),
    );
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('a mutation runs the write, or checks again', () => {
  it('hands the page’s progress callback to either', async () => {
    const onSettling = () => {};
    const write = vi.fn((input: string) => Promise.resolve({ value: input, settledByReading: false }));
    await runWrite({ input: 'a', onSettling }, write);
    expect(write).toHaveBeenCalledWith('a', { onSettling });
    const recheck = vi.fn(() => Promise.resolve({ value: 'b', settledByReading: true }));
    await runWrite({ recheck, onSettling }, write);
    expect(recheck).toHaveBeenCalledWith({ onSettling });
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe('how far the look for a second report reaches', () => {
  const T = Date.parse('2026-11-26T12:00:00Z');
  const at = (ms: number) => toServiceTimestamp(new Date(ms));
  /** An account that holds only what the test puts in it, at the creation times it sets. */
  const account = () => {
    let clock = T;
    const setup = connectSimulator({ analysisDelayMs: 0, reportCount: 0, clock: () => clock });
    const store = async (url: string, createdAt: number) => {
      clock = createdAt;
      return storeReportSettled({ url, privacy: 'public' });
    };
    /** `count` more reports of other pages, all created at `createdAt`. */
    const crowd = (count: number, createdAt: number, url = (n: number) => `example.org/crowd/${createdAt}/${n}`) => {
      const template = setup.simulator.store.reports()[0];
      if (!template) throw new Error('store one report first');
      const { id: _id, ...fields } = template;
      for (let n = 0; n < count; n += 1) {
        setup.simulator.store.add({ ...fields, url: url(n), created_at: at(createdAt), generated_at: at(createdAt) });
      }
    };
    const listReads = () => setup.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/reports');
    const searches = () => listReads().filter((r) => r.url.searchParams.get('search') !== null);
    return { ...setup, store, crowd, listReads, searches };
  };
  const lookOf = (stored: Awaited<ReturnType<typeof storeReportSettled>>, sentAt: number, answeredAt: number) => {
    const look = lookAfterStore({ ...stored, sentAt }, () => answeredAt);
    if (!look) throw new Error('the simulator gives creation times');
    return look;
  };

  it('a request open longer than the analysis limit and its margin counts as that long', async () => {
    const setup = account();
    const kept = await setup.store('example.org/long', T);
    expect(lookOf(kept, T - 60 * 60_000, T).withinMs).toBe(150_000 + 1_000);
    expect(lookOf(kept, T - 4_000, T).withinMs).toBe(5_000);
  });

  it('a report created exactly the span of the request apart is from the same request', async () => {
    const setup = account();
    const other = await setup.store('example.org/edge', T - 5_000);
    const kept = await setup.store('example.org/edge', T);
    expect(await checkForDuplicates({ ...kept, sentAt: T - 4_000 }, { now: () => T })).toEqual({
      checked: true,
      others: [{ id: other.value.id, url: 'example.org/edge' }],
    });
    expect(await checkForDuplicates({ ...kept, sentAt: T - 3_999 }, { now: () => T })).toEqual({
      checked: true,
      others: [],
    });
  });

  it('a job whose whole account fits one page reads it once', async () => {
    const setup = account();
    const first = await setup.store('example.org/small', T);
    const second = await setup.store('example.org/small', T);
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(second, T - 1_000, T + 1_000)]);
    expect(found.get(second.value.id)).toEqual({
      checked: true,
      others: [{ id: first.value.id, url: 'example.org/small' }],
    });
    expect(setup.listReads()).toHaveLength(1);
  });

  it('a page that comes back empty ends the reading, whatever its figures say', async () => {
    const setup = account();
    await setup.store('example.org/shrunk', T);
    setup.crowd(150, T);
    const kept = await setup.store('example.org/shrunk', T);
    const transport = await getTransport();
    setTransport({
      ...transport,
      fetch: (input, init) => {
        const url = new URL(String(input));
        const page = Number(url.searchParams.get('page') ?? 1);
        if (url.pathname !== '/api/v1/reports' || page < 2) return transport.fetch!(input, init);
        const meta = { current_page: page, last_page: 5, per_page: 100, total: 500, from: null, to: null };
        return Promise.resolve(Response.json({ data: [], meta }));
      },
    });
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(kept, T - 1_000, T + 1_000)]);
    expect(found.get(kept.value.id)).toMatchObject({ checked: true });
    expect(setup.searches()).toHaveLength(0);
  });

  it('reads back to the earliest of the stores, not only to the latest', async () => {
    const setup = account();
    const early = await setup.store('example.org/early', T - 60 * 60_000);
    setup.crowd(150, T - 30 * 60_000);
    const late = await setup.store('example.org/late', T);
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([
      lookOf(early, T - 60 * 60_000 - 1_000, T - 60 * 60_000),
      lookOf(late, T - 1_000, T),
    ]);
    expect(found.get(early.value.id)).toEqual({ checked: true, others: [] });
    expect(setup.listReads()).toHaveLength(2);
    expect(setup.searches()).toHaveLength(0);
  });

  it('a report without a creation time among the newest does not keep it from reaching back', async () => {
    const setup = connectSimulator({ analysisDelayMs: 0, clock: () => T });
    const kept = await storeReportSettled({ url: 'example.org/timeless-neighbour', privacy: 'public' });
    const { id: _id, ...fields } = setup.simulator.store.get(Number(kept.value.id))!;
    setup.simulator.store.add({ ...fields, url: 'example.org/no-date', created_at: '' });
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(kept, T - 1_000, T)]);
    expect(found.get(kept.value.id)).toEqual({ checked: true, others: [] });
    expect(setup.requests).toHaveLength(1);
  });

  it('a page that reaches back exactly to the window’s start is not enough: the next one is read', async () => {
    const setup = account();
    await setup.store('example.org/before', T - 24 * 3600_000);
    setup.crowd(49, T - 24 * 3600_000);
    // The window of the store below starts 5 s before it: the newest page reaches exactly there.
    setup.crowd(99, T - 5_000);
    const kept = await setup.store('example.org/exact', T);
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(kept, T - 4_000, T)]);
    expect(found.get(kept.value.id)).toEqual({ checked: true, others: [] });
    expect(setup.listReads()).toHaveLength(2);
    expect(setup.searches()).toHaveLength(0);
  });

  it('when the pages read end exactly at the window’s start, the store is looked at by itself', async () => {
    const setup = account();
    await setup.store('example.org/older', T - 24 * 3600_000);
    setup.crowd(8, T - 24 * 3600_000);
    // The other report of the same request, created as the window starts, on the fourth page.
    const other = await setup.store('example.org/deep', T - 5_000);
    setup.crowd(299, T - 5_000);
    const kept = await setup.store('example.org/deep', T);
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(kept, T - 4_000, T)]);
    expect(found.get(kept.value.id)).toEqual({
      checked: true,
      others: [{ id: other.value.id, url: 'example.org/deep' }],
    });
    expect(setup.searches()).toHaveLength(1);
  });

  it('a cancelled job looks at nothing: no store is checked', async () => {
    const setup = account();
    const kept = await setup.store('example.org/cancelled-look', T);
    setup.requests.length = 0;
    const found = await checkManyForDuplicates([lookOf(kept, T - 1_000, T)], { signal: aborted() });
    expect(found.get(kept.value.id)).toEqual({ checked: false });
    expect(setup.requests).toHaveLength(0);
  });
});
