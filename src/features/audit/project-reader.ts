import { api, isAbortError } from '../../api';
import { getConnection, subscribeConnection } from '../connection';
import { aggregateInSlices, summarise } from './aggregate';
import {
  connectionIdOf,
  isDeviceStoreAvailable,
  loadKeptAudit,
  loadSnapshot,
  keepOnlyDataOf,
  loadSummaries,
  saveSnapshot,
  deleteProject as deleteStoredProject,
} from './device-store';
import { READ_PAGE_SIZE, readProject, type ReadProgress } from './read-project';
import { applyWriteToSnapshot, reportIdOf, type ReportWrite } from './report-writes';
import type { AuditSummary, PartialAudit, ProjectAudit, ProjectSnapshot, ReadReport } from './types';

/**
 * The audit's long work, one job per project: load what this device kept, read or refresh the
 * project through the API (and so through the shared request budget), aggregate it in slices,
 * and keep it. Jobs outlive the page that started them (leaving a project does not stop its
 * read) and can be cancelled. Components follow a project's state with useProjectAudit.
 *
 * Everything here belongs to one connection: when it changes, running reads are aborted before
 * they can send another request, and what was in memory is dropped.
 */

export type ReadState =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: ReadProgress }
  | { kind: 'failed'; error: unknown }
  | { kind: 'cancelled'; progress: ReadProgress };

export interface ProjectAuditState {
  /** undefined while this device is being looked at; null when it keeps nothing of the project. */
  snapshot: ProjectSnapshot | null | undefined;
  /** The audit of `snapshot`, once aggregated. */
  audit: ProjectAudit | undefined;
  /** While a first read runs (nothing kept to show meanwhile): the audit of what it has read so far. */
  partial?: PartialAudit | undefined;
  read: ReadState;
  /** When this page last finished reading or refreshing the project (ms since epoch). */
  checkedAt: number | undefined;
}

/** A project read or refreshed less than this long ago is not refreshed again on a visit. */
export const FRESH_FOR_MS = 30_000;
/** Projects up to this size are read on the first visit without asking: 10 requests at most. */
export const AUTO_READ_MAX_REPORTS = 10 * READ_PAGE_SIZE;

const INITIAL: ProjectAuditState = {
  snapshot: undefined,
  audit: undefined,
  partial: undefined,
  read: { kind: 'idle' },
  checkedAt: undefined,
};

/** The read projects' summaries, for the overview: this device's, and this page's newer ones. */
export interface SummariesState {
  loaded: boolean;
  summaries: AuditSummary[];
}

const INITIAL_SUMMARIES: SummariesState = { loaded: false, summaries: [] };
let summaries: SummariesState = INITIAL_SUMMARIES;

interface Job {
  state: ProjectAuditState;
  controller?: AbortController;
  loading?: Promise<void>;
  /** While a read runs: the writes that landed meanwhile, applied again to what it read. */
  writesDuringRead?: ReportWrite[];
  /** The device writes of this project, one after the other, so the newest always lands last. */
  saving?: Promise<void>;
}

const jobs = new Map<string, Job>();
const listeners = new Set<() => void>();
let epoch = 0;
let connectionId: string | undefined;

let version = 0;

const emit = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

/** Changes whenever any project's state or the summaries change. */
export const getAuditVersion = () => version;
/** Changes when everything in memory was dropped (another connection): look at the device again. */
export const getAuditEpoch = () => epoch;

function currentConnectionId(): string {
  connectionId ??= connectionIdOf(getConnection());
  return connectionId;
}

function jobOf(project: string): Job {
  let job = jobs.get(project);
  if (!job) {
    job = { state: INITIAL };
    jobs.set(project, job);
  }
  return job;
}

function update(project: string, change: Partial<ProjectAuditState>) {
  const job = jobOf(project);
  job.state = { ...job.state, ...change };
  emit();
}

/** What a page reload forgets: the jobs and everything held in memory (aborting running reads). */
export function forgetInMemory(): void {
  epoch += 1;
  connectionId = undefined;
  for (const job of jobs.values()) job.controller?.abort();
  jobs.clear();
  summaries = INITIAL_SUMMARIES;
  emit();
}

/**
 * Only the current connection's audit data stays on this device: checked whenever this module
 * loads (the connection may have changed while it was not loaded) and on every change after.
 */
function keepOnlyCurrentAccount() {
  void keepOnlyDataOf(getConnection());
}

// Another account's data must never show, nor be written under this one's keys.
subscribeConnection(() => {
  forgetInMemory();
  keepOnlyCurrentAccount();
});
keepOnlyCurrentAccount();

export function subscribeAudits(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getProjectAuditState(project: string): ProjectAuditState {
  return jobs.get(project)?.state ?? INITIAL;
}

async function setSnapshot(project: string, snapshot: ProjectSnapshot, startedIn: number): Promise<ProjectAudit> {
  update(project, { snapshot });
  const audit = await aggregateInSlices(snapshot.reports, Date.now());
  // The whole audit replaces the partial one in the same update: the page never shows neither.
  if (startedIn === epoch && jobOf(project).state.snapshot === snapshot) update(project, { audit, partial: undefined });
  return audit;
}

/**
 * The audits of a first read's reports so far, for the page to show while the read goes on. Each
 * is worked out in slices (never a long task), one at a time: pages that arrive meanwhile are
 * taken together in the next one, so a slow device skips pictures rather than queueing work.
 */
function partialAudits(project: string, live: () => boolean): (reports: ReadReport[], total: number) => void {
  let next: Omit<PartialAudit, 'audit'> | undefined;
  let running = false;
  const run = async () => {
    running = true;
    try {
      while (next && live()) {
        const { reports, total } = next;
        next = undefined;
        const audit = await aggregateInSlices(reports, Date.now());
        if (live()) update(project, { partial: { audit, reports, total } });
      }
    } catch {
      // Nothing to show: the whole audit still comes at the end of the read.
    } finally {
      running = false;
    }
  };
  return (reports, total) => {
    next = { reports, total };
    if (!running) void run();
  };
}

/**
 * Keeps the snapshot on the device, after any write of this project already under way, and only
 * while it is still the one in memory (a newer one is kept by its own call) and the connection
 * is still the one it belongs to (checked inside the write: see saveSnapshot).
 */
function keepOnDevice(
  project: string,
  connection: string,
  snapshot: ProjectSnapshot,
  audit: ProjectAudit,
  startedIn: number,
): Promise<void> {
  const job = jobOf(project);
  const current = () => startedIn === epoch && jobOf(project).state.snapshot === snapshot;
  const saving = (job.saving ?? Promise.resolve()).then(() =>
    current() ? saveSnapshot(connection, snapshot, audit, current) : undefined,
  );
  job.saving = saving.catch(() => undefined);
  return saving;
}

/**
 * Looks at what this device kept of the project (once per page load): first its audit, shown at
 * once, then its reports, which a refresh and the lists need.
 */
export function loadProject(project: string): Promise<void> {
  const job = jobOf(project);
  if (job.state.snapshot !== undefined) return Promise.resolve();
  const startedIn = epoch;
  job.loading ??= (async () => {
    const id = currentConnectionId();
    const kept = await loadKeptAudit(id, project);
    if (startedIn !== epoch) return;
    if (kept && jobOf(project).state.audit === undefined) update(project, { audit: kept.audit });
    const snapshot = kept ? await loadSnapshot(id, project) : null;
    if (startedIn !== epoch) return;
    if (jobOf(project).state.snapshot !== undefined) return; // a read finished first
    if (snapshot) await setSnapshot(project, snapshot, startedIn);
    else update(project, { snapshot: null, audit: undefined });
  })();
  return job.loading;
}

/**
 * Reads the project: a refresh when something is kept (few requests), or everything with
 * `full`. Does nothing while a read of it runs.
 */
export async function startRead(project: string, { full = false }: { full?: boolean } = {}): Promise<void> {
  const job = jobOf(project);
  if (job.state.read.kind === 'reading') return;
  const controller = new AbortController();
  job.controller = controller;
  const startedIn = epoch;
  const current = () => startedIn === epoch && jobOf(project).controller === controller;
  let lastProgress: ReadProgress = { mode: full ? 'full' : 'refresh', read: 0, total: null, requests: 0 };
  update(project, { read: { kind: 'reading', progress: lastProgress } });
  try {
    // The account this read belongs to, fixed now: what it reads is kept under this id only.
    const connection = currentConnectionId();
    await loadProject(project);
    if (!current()) return;
    const previous = full ? null : (jobOf(project).state.snapshot ?? null);
    jobOf(project).writesDuringRead = [];
    // Only where the page has no audit to show meanwhile (a read everything again keeps the last).
    let readEnded = false;
    const partial =
      previous === null && jobOf(project).state.audit === undefined
        ? partialAudits(project, () => current() && !readEnded)
        : undefined;
    const result = await readProject({
      project,
      previous,
      signal: controller.signal,
      list: (page, signal) =>
        api.reports.list(
          {
            project,
            sortBy: 'generated_at',
            sort: 'desc',
            perPage: READ_PAGE_SIZE,
            ...(page > 1 ? { page } : {}),
          },
          { signal },
        ),
      onProgress: (progress) => {
        lastProgress = progress;
        if (current()) update(project, { read: { kind: 'reading', progress } });
      },
      ...(partial ? { onReports: partial } : {}),
    });
    readEnded = true;
    if (!current()) return;
    // What was read may be older than a write that landed meanwhile: the write is the truth.
    const writes = jobOf(project).writesDuringRead ?? [];
    if (!result.changed && writes.length === 0) {
      update(project, { read: { kind: 'idle' }, checkedAt: Date.now() });
      return;
    }
    const snapshot = writes.reduce((read, write) => applyWriteToSnapshot(read, write) ?? read, result.snapshot);
    const audit = await setSnapshot(project, snapshot, startedIn);
    if (!current()) return;
    update(project, { read: { kind: 'idle' }, checkedAt: Date.now(), partial: undefined });
    // Written only while the connection is still the one it was read with (see saveSnapshot).
    await keepOnDevice(project, connection, snapshot, audit, startedIn);
    if (startedIn === epoch) void refreshSummaries();
  } catch (error) {
    if (!current()) return;
    // What a stopped first read had shown goes with it: nothing of it is kept.
    if (controller.signal.aborted || isAbortError(error)) {
      update(project, { read: { kind: 'cancelled', progress: lastProgress }, partial: undefined });
    } else {
      update(project, { read: { kind: 'failed', error }, partial: undefined });
    }
  } finally {
    if (jobOf(project).controller === controller) {
      jobOf(project).controller = undefined;
      jobOf(project).writesDuringRead = undefined;
    }
  }
}

/** Stops a running read; what was kept before it stays as it was. */
export function cancelRead(project: string): void {
  jobs.get(project)?.controller?.abort();
}

/**
 * Applies a write the service accepted (a report deleted, its privacy changed, a report created
 * or analysed again) to what is kept of the report's project, in memory and on the device, and
 * aggregates the project again: the audit, the overview and the locally filtered lists show it
 * at once, without reading the project again. A project never read on this device is left
 * alone. Never rejects: the write has happened, and if the device refuses to keep this, the
 * next visit's refresh (or full read) finds it.
 */
export async function applyReportWrite(write: ReportWrite): Promise<void> {
  try {
    const project = projectOfWrite(write);
    if (project === undefined) return;
    const startedIn = epoch;
    const connection = currentConnectionId();
    await loadProject(project);
    if (startedIn !== epoch) return;
    const job = jobOf(project);
    job.writesDuringRead?.push(write);
    const kept = job.state.snapshot;
    const snapshot = kept ? applyWriteToSnapshot(kept, write) : null;
    if (!snapshot) return;
    const audit = await setSnapshot(project, snapshot, startedIn);
    await keepOnDevice(project, connection, snapshot, audit, startedIn);
    if (startedIn === epoch) void refreshSummaries();
  } catch {
    // Nothing to undo: memory already shows the write; the device keeps its older copy, which
    // the next visit refreshes.
  }
}

/** The write's project: a report's own, else the caller's, else the project in memory holding the id. */
function projectOfWrite(write: ReportWrite): string | undefined {
  if (write.kind !== 'deleted') return write.report.project;
  if (write.project !== undefined) return write.project;
  const id = reportIdOf(write);
  for (const [project, job] of jobs) {
    if (job.state.snapshot?.reports.some((report) => report.id === id)) return project;
  }
  return undefined;
}

/** Forgets the project on this device (it was deleted from the service). */
export async function forgetProject(project: string): Promise<void> {
  cancelRead(project);
  jobs.delete(project);
  emit();
  await deleteStoredProject(currentConnectionId(), project);
  void refreshSummaries();
}

/** Whether a visit should start a read by itself: see useProjectAudit. */
export function shouldReadOnVisit(state: ProjectAuditState, reportCount: number | undefined, now: number): boolean {
  if (state.read.kind !== 'idle' || state.snapshot === undefined) return false;
  if (state.snapshot === null)
    return reportCount !== undefined && reportCount > 0 && reportCount <= AUTO_READ_MAX_REPORTS;
  return state.checkedAt === undefined || now - state.checkedAt > FRESH_FOR_MS;
}

/**
 * Whether an audit of the project is on its way to the page: being looked for on this device,
 * kept there, being read, or about to be read on this visit without asking. While the service's
 * count is on its way (undefined), a project is taken as small (most are), so that the page holds
 * the audit's place; null: the count could not be had, and nothing is read without it.
 */
export function isAuditOnItsWay(state: ProjectAuditState, reportCount: number | null | undefined): boolean {
  if (state.snapshot !== null || state.read.kind === 'reading') return true;
  if (state.read.kind !== 'idle' || reportCount === null) return false;
  return reportCount === undefined || (reportCount > 0 && reportCount <= AUTO_READ_MAX_REPORTS);
}

export { isDeviceStoreAvailable };

export function getSummaries(): SummariesState {
  return summaries;
}

export async function refreshSummaries(): Promise<void> {
  const startedIn = epoch;
  const stored = await loadSummaries(currentConnectionId());
  if (startedIn !== epoch) return;
  const byProject = new Map(stored.map((summary) => [summary.project, summary]));
  // Where the device keeps nothing (no IndexedDB), what this page read still counts.
  for (const [project, job] of jobs) {
    const { snapshot, audit } = job.state;
    if (snapshot && audit) byProject.set(project, summarise(snapshot, audit));
  }
  summaries = {
    loaded: true,
    summaries: [...byProject.values()].sort((a, b) => (a.project < b.project ? -1 : 1)),
  };
  emit();
}
