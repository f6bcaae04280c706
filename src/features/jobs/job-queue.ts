import type { QueryClient } from '@tanstack/react-query';
import { isAbortError, type Report } from '../../api';
import { isLimitReached, retryLaterMs } from '../../api/retry-later';
import { checkManyForDuplicates, isUnknownOutcome } from '../../api/write-outcomes';
import { cachedReportOf } from '../reports';
import {
  countItems,
  isPersisted,
  LIMITED_TRIES,
  limitFailureWhy,
  limitWaitMs,
  type Job,
  type JobItem,
  type JobName,
  type JobSpec,
} from './job-model';
import type { JobTabs } from './job-events';
import type { JobStore } from './job-store';
import {
  applyDuplicatesToCache,
  applyToAudit,
  applyToCaches,
  failureReason,
  refreshLists,
  runItem,
  type ItemOutcome,
} from './job-runners';

/**
 * The one job queue: bulk create, delete, privacy, re-analysis and export run here, item by
 * item, a few at a time. It never sends faster than the request budget allows because every
 * request goes through the transport, whose budget all tabs share (docs/decisions/0025).
 *
 * What makes a reload or a closed tab safe (docs/decisions/0030):
 * - before a write is sent, the item is saved as "sending" with the time; after its answer,
 *   as done / failed. An item found "sending" (or "unknown") when the job resumes may have
 *   reached the service: it is settled by reading first, and sent only if reading shows it
 *   was not done. No URL is created twice.
 * - a job runs in one tab at a time: the tab holds the job's Web Lock while it runs it; another
 *   tab that opens meanwhile waits for the lock, and resumes the job (read afresh from the
 *   store) only when the first tab has gone.
 * - an item the service answered "not now" (a 429, or a 503 with Retry-After: nothing was done)
 *   waits, saved with the time it goes again, and is sent again by itself; only after
 *   LIMITED_TRIES such answers in a row does it fail (docs/decisions/0066).
 */

export interface JobQueueOptions {
  store: JobStore;
  /** The connection's id (its service and key): jobs are kept and resumed per connection. */
  connection: () => string;
  /**
   * The ids earlier versions filed this connection's jobs under: a saved job found under one is
   * resumed and filed under `connection()` (besides the oldest form, the service alone).
   */
  formerConnections?: () => readonly string[];
  /**
   * Calls back on each change of the connection. Another account's jobs leave this tab (paused,
   * kept for when it is back); the same account's new key ("Replace key") takes its jobs along.
   */
  watchConnection?: (listener: (change: { keyReplaced: boolean }) => void) => () => void;
  queryClient?: QueryClient | undefined;
  /** Items sent at once. The budget spaces requests anyway; this overlaps slow analyses. */
  concurrency?: number;
  /** Web Locks; null where there are none (then a job runs wherever it is opened). */
  locks?: LockManager | null;
  /** How long an unknown item waits before it is checked again by reading. */
  recheckAfterMs?: number;
  /** Lists are refetched at most this often while items finish (and once when a job ends). */
  refreshEveryMs?: number;
  now?: () => number;
  /** A finished job, for what the page says (a download, a summary). */
  onFinished?: (job: Job) => void;
  /** The other open tabs: told when a job's record changes, and heard when theirs do. */
  otherTabs?: JobTabs | null;
}

interface Running {
  /** Aborts reads (an export's pages) when the job is cancelled; writes are never cut off. */
  controller: AbortController;
  active: number;
  itemMs: number[];
  rows: Map<string, Report[]>;
  lastRefresh: number;
  rechecks: Map<string, number>;
  /** Items waiting out a "not now" or their re-check, by key: the timer that sends each again. */
  waits: Map<string, ReturnType<typeof setTimeout>>;
  timer?: ReturnType<typeof setTimeout> | undefined;
  /** The look for second reports of the job's stores is on its way. */
  looking: boolean;
  /** The connection changed to another account: nothing more of the job happens in this tab. */
  left: boolean;
  /** Its end was told (lists refreshed, saved, onFinished) since it last ran: told once. */
  ended: boolean;
  /**
   * A re-analysis started in this tab: the reports as its screen had them, by id, for an item
   * whose report this tab's caches no longer hold (its results are kept before they are
   * overwritten). In memory only (whole reports, too large to save with the job at each item): a
   * job resumed after a reload has only the caches. Each goes once its item is done.
   */
  reportsBefore: Map<string, Report>;
}

const LOCK_PREFIX = 'seo-dashboard.job.';
const MAX_AUTOMATIC_RECHECKS = 3;

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(options: JobQueueOptions) {
  const {
    store,
    queryClient,
    concurrency = 4,
    recheckAfterMs = 15_000,
    refreshEveryMs = 5_000,
    now = () => Date.now(),
  } = options;
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  const jobs = new Map<string, Job>();
  const running = new Map<string, Running>();
  /** Jobs whose lock this tab holds, with the function that lets it go. */
  const held = new Map<string, () => void>();
  /** Jobs of this connection that another tab runs, as it last kept them: shown, not run. */
  let elsewhere: Job[] = [];
  const listeners = new Set<() => void>();
  let snapshot: readonly Job[] = [];

  const emit = () => {
    snapshot = [
      ...[...jobs.values()].map((job) => ({ ...job, items: job.items.map((item) => ({ ...item })) })),
      ...elsewhere.filter((job) => !jobs.has(job.id)).map((job): Job => ({ ...job, inAnotherTab: true })),
    ];
    listeners.forEach((listener) => listener());
  };

  const save = async (job: Job) => {
    if (!isPersisted(job.spec)) return;
    // A failed save (storage full, private mode) must not stop the work: it only costs the resume.
    const saved = await store.save(structuredClone(job)).then(
      () => true,
      () => false,
    );
    if (saved) options.otherTabs?.announce();
  };

  /** Reads the jobs kept on the device that this tab does not hold: the other tabs' work. */
  const readElsewhere = async () => {
    const connection = options.connection();
    const kept = await store.all().catch((): Job[] => []);
    elsewhere = kept.filter((job) => job.connection === connection && !jobs.has(job.id));
    emit();
  };
  options.otherTabs?.listen(() => void readElsewhere());

  const runtimeOf = (job: Job): Running => {
    let state = running.get(job.id);
    if (!state) {
      state = {
        controller: new AbortController(),
        active: 0,
        itemMs: [],
        rows: new Map(),
        lastRefresh: 0,
        rechecks: new Map(),
        waits: new Map(),
        looking: false,
        left: false,
        ended: false,
        reportsBefore: new Map(),
      };
      running.set(job.id, state);
    }
    return state;
  };

  const hasWorkLeft = (job: Job) =>
    job.items.some((item) => item.status === 'pending' || item.status === 'sending' || item.status === 'waiting');

  /** An unknown item that has automatic rechecks left (once they are used up, the person decides). */
  const awaitsRecheck = (job: Job, item: JobItem) =>
    item.status === 'unknown' && (runtimeOf(job).rechecks.get(item.key) ?? 0) <= MAX_AUTOMATIC_RECHECKS;
  const recheckDue = (job: Job) => job.items.some((item) => awaitsRecheck(job, item));

  function finishIfDone(job: Job) {
    if (jobs.get(job.id) !== job) return; // it left with its connection
    const state = runtimeOf(job);
    if (state.active > 0 || hasWorkLeft(job)) return;
    if (job.state === 'running' && recheckDue(job)) return;
    if (state.looking) return;
    if (job.items.some((item) => item.look)) {
      void lookForSecondReports(job).finally(() => finishIfDone(job));
      return;
    }
    if (job.state === 'running') job.state = 'finished';
    if (job.state !== 'finished' && job.state !== 'cancelled') return;
    // Both an item's last automatic re-check and the end of the workers come here.
    if (state.ended) return;
    state.ended = true;
    if (queryClient) void refreshLists(queryClient, job.spec);
    void save(job);
    held.get(job.id)?.();
    held.delete(job.id);
    emit();
    options.onFinished?.(job);
  }

  /**
   * Once a job's stores are over (or it was cancelled), one look for second reports for all of
   * them (decision 64): a few reads of the newest reports rather than one per store. It runs even
   * for a cancelled job, whose done stores may have been sent twice all the same.
   */
  async function lookForSecondReports(job: Job) {
    const state = runtimeOf(job);
    state.looking = true;
    try {
      const waiting = job.items.filter((item) => item.look);
      const found = await checkManyForDuplicates(waiting.flatMap((item) => (item.look ? [item.look] : [])));
      // Read (or cut) as the connection changed: the look is made when its account is back.
      if (state.left) return;
      for (const item of waiting) {
        item.duplicates = (item.look && found.get(item.look.id)) ?? { checked: false };
        delete item.look;
        if (queryClient) applyDuplicatesToCache(queryClient, item);
      }
      await save(job);
      emit();
    } finally {
      state.looking = false;
    }
  }

  async function runOne(job: Job, item: JobItem) {
    const state = runtimeOf(job);
    const interrupted = item.sentAt !== undefined;
    item.status = 'sending';
    delete item.reason;
    delete item.why;
    delete item.retryAt;
    state.active += 1;
    emit();
    const started = now();
    // The run a re-analysis replaces, as this tab last read it: the lists the queue refreshes
    // while it runs and the report's page see a colleague's re-analysis since the job started.
    const before =
      job.spec.kind === 'reanalyse'
        ? ((queryClient && cachedReportOf(queryClient, item.key)) ?? state.reportsBefore.get(item.key))
        : undefined;
    let outcome: ItemOutcome | undefined;
    try {
      outcome = await runItem({
        job,
        item,
        interrupted,
        reportBefore: before,
        signal: state.controller.signal,
        markSent: async () => {
          item.sentAt = now();
          item.status = 'sending';
          await save(job);
        },
      });
      item.status = outcome.status;
      if (outcome.reason) item.reason = outcome.reason;
      if (outcome.why) item.why = outcome.why;
      if (outcome.settledByReading) item.settledByReading = true;
      if (outcome.reportId) item.reportId = outcome.reportId;
      if (outcome.duplicates) item.duplicates = outcome.duplicates;
      if (outcome.look) item.look = outcome.look;
      if (outcome.status === 'done') {
        state.reportsBefore.delete(item.key);
        state.itemMs.push(now() - started);
        state.rechecks.delete(item.key);
      }
    } catch (error) {
      if (state.left) {
        // Cut by the connection's change: settled by reading when its account is back (or sent
        // then, if it never was), never sent with another account's key.
        item.status = item.sentAt === undefined ? 'pending' : 'sending';
      } else if (isAbortError(error) && state.controller.signal.aborted) {
        item.status = 'cancelled';
      } else if (isUnknownOutcome(error)) {
        // Checked again later by reading (never sent again blindly); the sent time stays.
        item.status = 'unknown';
        item.why = 'outcome-unknown';
      } else {
        // The write did not happen (the service said no, or reading showed it): a retry is safe.
        delete item.sentAt;
        const askedMs = retryLaterMs(error);
        const tries = (item.limitedTries ?? 0) + 1;
        if (askedMs !== null && tries < LIMITED_TRIES) {
          // "Not now": sent again by itself when the wait is over (the budget holds every tab meanwhile).
          item.status = 'waiting';
          item.waitingFor = isLimitReached(error) ? 'limit' : 'service';
          item.limitedTries = tries;
          item.retryAt = now() + limitWaitMs(tries, askedMs);
        } else {
          item.status = 'failed';
          if (askedMs === null) item.reason = failureReason(error);
          else item.why = limitFailureWhy(item.waitingFor ?? 'limit');
          // A Retry by the person starts the tries afresh.
          delete item.limitedTries;
          delete item.waitingFor;
        }
      }
    } finally {
      state.active -= 1;
    }
    if (state.left) {
      // What it learnt belongs to the other account: kept with the job, not put in this one's caches.
      await save(job);
      return;
    }
    if (outcome?.rows) state.rows.set(item.key, outcome.rows);
    if (job.spec.kind === 'export' && item.key === '1' && outcome?.lastPage) {
      for (let page = 2; page <= outcome.lastPage; page += 1) {
        // Its label is never shown (an export's items are not listed): kept as data, not words.
        job.items.push({ key: String(page), label: `page ${page}`, status: 'pending' });
      }
      void pump(job);
    }
    if (queryClient && item.status === 'done') {
      applyToCaches(queryClient, job.spec, item, outcome?.report);
      applyToAudit(job.spec, item, outcome?.report);
      if (now() - state.lastRefresh >= refreshEveryMs) {
        state.lastRefresh = now();
        void refreshLists(queryClient, job.spec);
      }
    }
    if (item.status === 'unknown') scheduleRecheck(job, item);
    if (item.status === 'waiting') scheduleSendAgain(job, item);
    await save(job);
    emit();
  }

  /** A waiting item goes again at its time, if the job is running then (resuming reschedules it). */
  function scheduleSendAgain(job: Job, item: JobItem) {
    const { waits } = runtimeOf(job);
    clearTimeout(waits.get(item.key));
    const timer = setTimeout(
      () => {
        waits.delete(item.key);
        if (item.status !== 'waiting' || job.state !== 'running') return;
        item.status = 'pending';
        // Said at once: with every place taken, the pump sends it (and tells) only later.
        emit();
        void pump(job);
      },
      Math.max(0, (item.retryAt ?? 0) - now()),
    );
    waits.set(item.key, timer);
  }

  function scheduleRecheck(job: Job, item: JobItem) {
    const state = runtimeOf(job);
    const count = (state.rechecks.get(item.key) ?? 0) + 1;
    state.rechecks.set(item.key, count);
    if (count > MAX_AUTOMATIC_RECHECKS) {
      // Left to the person ("Check again"): the service has been out of reach for a while. The
      // job stops once nothing else is left to send (an item may still wait out a "not now").
      finishIfDone(job);
      return;
    }
    // Kept with the waits (an item is either waiting or unknown): a later one replaces it.
    clearTimeout(state.waits.get(item.key));
    const timer = setTimeout(() => {
      state.waits.delete(item.key);
      if (item.status !== 'unknown' || job.state !== 'running') return;
      item.status = 'pending';
      emit();
      void pump(job);
    }, recheckAfterMs);
    state.waits.set(item.key, timer);
  }

  async function pump(job: Job): Promise<void> {
    const state = runtimeOf(job);
    const take = () => (job.state === 'running' ? job.items.find((item) => item.status === 'pending') : undefined);
    // An export's first page says how many follow: it is the job's only item until read, so it
    // is read alone; the pages it adds then go `concurrency` at a time.
    const workers: Promise<void>[] = [];
    const free = concurrency - state.active;
    for (let worker = 0; worker < free; worker += 1) {
      const first = take();
      if (!first) break;
      first.status = 'sending';
      workers.push(
        (async () => {
          let next: JobItem | undefined = first;
          while (next) {
            await runOne(job, next);
            next = state.active < concurrency ? take() : undefined;
            if (next) next.status = 'sending';
          }
        })(),
      );
    }
    await Promise.all(workers);
    finishIfDone(job);
  }

  /** Holds the job's lock (where there are locks) for as long as it runs in this tab. */
  function withLock(id: string, run: () => void): Promise<void> {
    if (!locks) {
      run();
      return Promise.resolve();
    }
    return new Promise<void>((granted) => {
      void locks.request(LOCK_PREFIX + id, () => {
        granted();
        return new Promise<void>((release) => {
          held.set(id, release);
          run();
        });
      });
    });
  }

  /** Another account's job leaves this tab: paused and kept, its lock let go, out of the tray. */
  function leave(job: Job) {
    const state = runtimeOf(job);
    state.left = true;
    for (const timer of state.waits.values()) clearTimeout(timer);
    if (job.state === 'running') job.state = 'paused';
    void save(job);
    jobs.delete(job.id);
    running.delete(job.id);
    held.get(job.id)?.();
    held.delete(job.id);
  }

  options.watchConnection?.(({ keyReplaced }) => {
    const connection = options.connection();
    for (const job of [...jobs.values()]) {
      if (job.connection === connection) continue;
      if (keyReplaced) {
        // The same account with a new key: its jobs go on, filed under the new id.
        job.connection = connection;
        void save(job);
      } else leave(job);
    }
    // Another account's jobs run by other tabs are not shown; the new account's kept jobs come
    // back (a job left paused here earlier resumes with its account), and what others run is read.
    elsewhere = elsewhere.filter((job) => job.connection === connection);
    emit();
    void queue.resumeSaved().then(readElsewhere);
  });

  function startRunning(job: Job) {
    job.state = 'running';
    runtimeOf(job).ended = false;
    for (const item of job.items) {
      if (item.status === 'waiting') scheduleSendAgain(job, item);
      // Its re-check's timer does nothing while the job is paused: checked now instead (settled
      // by reading first, as at the timer), and a timer still to come is let go.
      else if (awaitsRecheck(job, item)) {
        clearTimeout(runtimeOf(job).waits.get(item.key));
        item.status = 'pending';
      }
    }
    void save(job);
    emit();
    void pump(job);
  }

  const queue = {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): readonly Job[] => snapshot,

    /**
     * Starts a job in this tab. Resolves once it is saved (before its first write is sent). Its
     * title: what it is (`JobName`, said in the language on screen whenever shown), or words of
     * the page's own, kept as they are. `reportsBefore`: a re-analysis's reports as the screen
     * had them (whose results it keeps before overwriting them).
     */
    async start(
      spec: JobSpec,
      title: JobName | string,
      items: Omit<JobItem, 'status'>[],
      reportsBefore: readonly Report[] = [],
    ): Promise<Job> {
      const job: Job = {
        id: newId(),
        spec,
        ...(typeof title === 'string' ? { title } : { name: title }),
        connection: options.connection(),
        createdAt: now(),
        state: 'running',
        items: items.map((item) => ({ ...item, status: 'pending' })),
      };
      jobs.set(job.id, job);
      runtimeOf(job).reportsBefore = new Map(reportsBefore.map((report) => [report.id, report]));
      await save(job);
      emit();
      await withLock(job.id, () => void pump(job));
      return job;
    },

    /**
     * Resumes this connection's saved jobs that no other tab is running: items that were being
     * sent are settled by reading first. A job another tab runs is taken over when that tab goes.
     */
    async resumeSaved(): Promise<void> {
      void readElsewhere();
      const connection = options.connection();
      // Saved before jobs named their key: filed under the service alone, taken by it as before;
      // and under the ids of versions before the one account id.
      const filedUnder = new Set([
        connection,
        connection.split('|')[0] || 'configured',
        ...(options.formerConnections?.() ?? []),
      ]);
      const saved = (await store.all()).filter((job) => filedUnder.has(job.connection) && !jobs.has(job.id));
      for (const job of saved) job.connection = connection;
      for (const found of saved) {
        if (found.state === 'finished' || found.state === 'cancelled') {
          jobs.set(found.id, found);
          continue;
        }
        void withLock(found.id, () => {
          // Read again under the lock: the tab that had it may have moved on meanwhile.
          void store.all().then((latest) => {
            const job = latest.find((candidate) => candidate.id === found.id);
            // Gone, here already, or finished by the tab that had it: nothing to resume.
            if (!job || jobs.has(job.id) || job.state === 'finished' || job.state === 'cancelled') {
              held.get(found.id)?.();
              held.delete(found.id);
              return;
            }
            job.connection = connection;
            for (const item of job.items) {
              // May have reached the service: settled by reading before anything is sent.
              if (item.status === 'sending' || item.status === 'unknown') item.status = 'pending';
            }
            jobs.set(job.id, job);
            if (job.state === 'running') startRunning(job);
            else emit();
          });
        });
      }
      emit();
    },

    pause(id: string) {
      const job = jobs.get(id);
      if (!job || job.state !== 'running') return;
      job.state = 'paused';
      void save(job);
      emit();
    },

    resume(id: string) {
      const job = jobs.get(id);
      if (!job || job.state !== 'paused') return;
      startRunning(job);
    },

    /** Items not sent yet are cancelled; writes already sent finish (cut off, they would be unknown). */
    cancel(id: string) {
      const job = jobs.get(id);
      if (!job || job.state === 'finished' || job.state === 'cancelled') return;
      job.state = 'cancelled';
      for (const item of job.items) {
        if (item.status === 'pending' || item.status === 'waiting') item.status = 'cancelled';
      }
      if (job.spec.kind === 'export') runtimeOf(job).controller.abort(new DOMException('Cancelled', 'AbortError'));
      void save(job);
      emit();
      finishIfDone(job);
    },

    /** Failed, cancelled and still-unknown items go again (unknown ones are settled by reading first). */
    retry(id: string) {
      const job = jobs.get(id);
      if (!job || job.state === 'running') return;
      const state = runtimeOf(job);
      state.controller = new AbortController();
      for (const item of job.items) {
        if (item.status === 'failed' || item.status === 'cancelled' || item.status === 'unknown') {
          // The person's retry starts the item afresh: its automatic re-checks too, whatever it was.
          state.rechecks.delete(item.key);
          item.status = 'pending';
          delete item.limitedTries;
        }
      }
      if (held.has(id) || !locks) startRunning(job);
      else {
        // Its lock was let go when it ended: taken again (at once, unless another tab took the job).
        job.state = 'paused';
        emit();
        void withLock(id, () => startRunning(job));
      }
    },

    /** Removes a job that is over from the tray and the device. */
    dismiss(id: string) {
      const job = jobs.get(id);
      if (!job || job.state === 'running' || job.state === 'paused') return;
      jobs.delete(id);
      running.delete(id);
      void store.remove(id).catch(() => undefined);
      emit();
    },

    /** An export's rows, in page order, each report once (rows shift if the view changes meanwhile). */
    exportedRows(id: string): Report[] {
      const state = running.get(id);
      const job = jobs.get(id);
      if (!state || !job) return [];
      const seen = new Set<string>();
      const rows: Report[] = [];
      for (const item of job.items) {
        for (const report of state.rows.get(item.key) ?? []) {
          if (seen.has(report.id)) continue;
          seen.add(report.id);
          rows.push(report);
        }
      }
      return rows;
    },

    /** The measured time an item took (mean), or null before any finished. */
    measuredItemMs(id: string): number | null {
      const times = running.get(id)?.itemMs ?? [];
      return times.length === 0 ? null : times.reduce((sum, ms) => sum + ms, 0) / times.length;
    },

    concurrency,
    counts: (id: string) => countItems(jobs.get(id)?.items ?? []),
  };
  return queue;
}
