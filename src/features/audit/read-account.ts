import { isApiError, isAbortError, onTransportChange, queuedRequestCount } from '../../api';
import { connectionIdOf } from '../../lib/connection-key';
import { yieldToPage } from '../../lib/yield-to-page';
import { getConnection } from '../connection';
import { subscribeKeptChanges } from '../device-storage';
import {
  ACCOUNT_READ_KEY,
  canReadAccount,
  readAccountMarker,
  removeAccountMarker,
  writeAccountMarker,
  type AccountReadMarker,
  type MarkedProgress,
} from './account-read-marker';
import {
  cancelRead,
  getAuditEpoch,
  getProjectAuditState,
  getSummaries,
  refreshSummaries,
  startRead,
  subscribeAudits,
} from './project-reader';

/**
 * A device that has read no project yet reads the account's projects in the background
 * (docs/decisions/0105): the projects list, then each project through the audit's own read
 * (./project-reader.ts), one after the other, fewest reports first, so that the overview fills as
 * they arrive. Loaded only where a read is wanted (the overview's `loadAccountRead`).
 *
 * - The person's requests first, under the one request budget: a project's read has one request
 *   in the budget's queue at a time, and before each project (and the projects list) the reader
 *   waits until none of this tab's requests waits for the budget and the page's own are answered.
 * - One tab at a time: the tab that reads holds a Web Lock per connection; another tab shows how
 *   far it is (from the marker, ./account-read-marker.ts) and takes over if that tab goes.
 * - A reload resumes (the marker says "reading"); what the device kept is not read again.
 * - It stops when the connection changes (the audit's memory is dropped then: its epoch moves),
 *   or when the person stops it, in any tab; a stop is kept until the person goes on.
 */

export interface AccountProject {
  name: string;
  /** The service's count of its reports; null when it could not be read. */
  reportCount: number | null;
}

export interface AccountReadProgress extends MarkedProgress {
  /** Projects that could not be read in this run (each was tried twice). */
  failed: string[];
}

export type AccountRead =
  | { kind: 'idle' }
  /** Waiting for the projects list (or for the page's own requests before asking for it). */
  | { kind: 'listing' }
  | { kind: 'reading'; progress: AccountReadProgress }
  /** Another tab reads them; its progress as it last told, if it did. */
  | { kind: 'elsewhere'; progress: AccountReadProgress | null }
  | { kind: 'stopped'; progress: AccountReadProgress | null }
  | { kind: 'done'; progress: AccountReadProgress }
  /** The projects list could not be had. */
  | { kind: 'failed'; error: unknown };

export interface AccountReadOptions {
  /** The account's projects (the overview hands its own query's answer: no second request). */
  listProjects: (signal: AbortSignal) => Promise<AccountProject[]>;
  /** True while the person's own requests are on their way (the page's queries, a change). */
  foregroundBusy?: () => boolean;
  /** Calls back when that may have changed. */
  subscribeForeground?: (listener: () => void) => () => void;
  /** Web Locks; null where there are none (then each tab reads on its own). Tests give their own. */
  locks?: LockManager | null;
}

const LOCK_PREFIX = 'seo-dashboard.account-read.';

const progressOf = (marker: AccountReadMarker | null): AccountReadProgress | null =>
  marker?.progress ? { ...marker.progress, failed: [] } : null;

/** What this tab knows before it does anything: a read stopped, or nothing. */
function initialState(): AccountRead {
  const marker = readAccountMarker();
  // Another account's marker (or garbage) goes with that account.
  if (!marker) removeAccountMarker();
  return marker?.state === 'stopped' ? { kind: 'stopped', progress: progressOf(marker) } : { kind: 'idle' };
}

let state: AccountRead | undefined;
const listeners = new Set<() => void>();

function setState(next: AccountRead) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getAccountRead(): AccountRead {
  state ??= initialState();
  return state;
}

export function subscribeAccountRead(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's read while it runs. */
interface Running {
  controller: AbortController;
  /** The project this read started and is reading now (a stop cancels it, not a read the person started). */
  current?: string;
  progress: AccountReadProgress | null;
}
let running: Running | undefined;

// The connection changed (or the page's memory was dropped): a read of the old one stops at once,
// sending nothing more (its project's read is aborted by the audit itself), and the new
// connection starts from what its own marker says.
let knownEpoch = getAuditEpoch();
subscribeAudits(() => {
  const epoch = getAuditEpoch();
  if (epoch === knownEpoch) return;
  knownEpoch = epoch;
  const was = running;
  running = undefined;
  was?.controller.abort(new DOMException('The connection changed.', 'AbortError'));
  state = undefined;
  listeners.forEach((listener) => listener());
});

// Another tab stopped the read this tab runs (its Stop writes the marker), or told how far it is.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCOUNT_READ_KEY) return;
    const marker = readAccountMarker(event.newValue);
    const current = getAccountRead();
    if (marker?.state === 'stopped' && running) stopHere(progressOf(marker) ?? running.progress);
    else if (current.kind === 'elsewhere' && marker?.state === 'reading')
      setState({ kind: 'elsewhere', progress: progressOf(marker) });
    else if (current.kind === 'elsewhere' && marker?.state === 'stopped')
      setState({ kind: 'stopped', progress: progressOf(marker) });
  });
}

/** Stops this tab's read where it is (the marker is the caller's). */
function stopHere(progress: AccountReadProgress | null) {
  const was = running;
  running = undefined;
  if (was) {
    was.controller.abort(new DOMException('Stopped.', 'AbortError'));
    if (was.current !== undefined) cancelRead(was.current);
  }
  setState({ kind: 'stopped', progress });
}

/** Stops the read, in whichever tab runs it; what was read so far stays. */
export function stopAccountRead(): void {
  const current = getAccountRead();
  const progress = running?.progress ?? ('progress' in current ? current.progress : null);
  writeAccountMarker('stopped', progress);
  stopHere(progress);
}

/**
 * Starts (or resumes) the background read, unless one runs in this tab already. Where another tab
 * runs it, this one waits for its turn, showing that tab's progress meanwhile.
 */
export function startAccountRead(options: AccountReadOptions): void {
  if (running || !canReadAccount()) return;
  const controller = new AbortController();
  const self: Running = { controller, progress: null };
  running = self;
  const live = () => running === self && !controller.signal.aborted;
  // Said at once: the overview shows the one message from the first frame, not the boxes.
  setState({ kind: 'listing' });
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  const lock = LOCK_PREFIX + connectionIdOf(getConnection());

  void (async () => {
    let stopFollowing: (() => void) | undefined;
    try {
      if (!locks) {
        await readAccount(self, options, live);
        return;
      }
      const here = await locks.request(lock, { ifAvailable: true }, async (granted) => {
        if (!granted) return false;
        await readAccount(self, options, live);
        return true;
      });
      if (here || !live()) return;
      // Another tab reads: follow what it keeps, and take over if it goes before the end.
      setState({ kind: 'elsewhere', progress: progressOf(readAccountMarker()) });
      stopFollowing = subscribeKeptChanges((origin) => {
        if (origin === 'another-tab' && live()) void refreshSummaries();
      });
      await locks.request(lock, { signal: controller.signal }, async () => {
        stopFollowing?.();
        if (!live()) return;
        const marker = readAccountMarker();
        if (marker?.state !== 'reading') {
          // That tab finished (or was stopped): nothing is left for this one.
          running = undefined;
          await refreshSummaries();
          setState(marker?.state === 'stopped' ? { kind: 'stopped', progress: progressOf(marker) } : { kind: 'idle' });
          return;
        }
        await readAccount(self, options, live);
      });
    } catch (error) {
      if (!live()) return;
      running = undefined;
      // Cut from outside (the connection's requests ended): the overview may start again.
      setState(isAbortError(error) ? { kind: 'idle' } : { kind: 'failed', error });
    } finally {
      stopFollowing?.();
      if (running === self) running = undefined;
    }
  })();
}

const bySize = (a: AccountProject, b: AccountProject) =>
  (a.reportCount ?? Infinity) - (b.reportCount ?? Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const isReadHere = (project: string) =>
  getSummaries().summaries.some((summary) => summary.project === project) ||
  Boolean(getProjectAuditState(project).snapshot);

type Outcome = 'read' | 'failed' | 'cancelled' | 'key-rejected';

async function readAccount(self: Running, options: AccountReadOptions, live: () => boolean): Promise<void> {
  const { signal } = self.controller;
  writeAccountMarker('reading', readAccountMarker()?.progress);
  await whenQuiet(options, signal);
  const projects = [...(await options.listProjects(signal))].sort(bySize);
  signal.throwIfAborted();
  // What this device kept already (before a reload, in another tab) is not read again.
  await refreshSummaries();
  signal.throwIfAborted();

  const read = new Set(projects.filter((project) => isReadHere(project.name)).map((project) => project.name));
  const failed: string[] = [];
  const reportsOf = (list: AccountProject[]) => list.reduce((sum, project) => sum + (project.reportCount ?? 0), 0);
  /** The project being read and how many of its reports are in. */
  let current: { project: AccountProject; reports: number } | undefined;
  const progress = (): AccountReadProgress => {
    const done = projects.filter((project) => read.has(project.name));
    return {
      projects: projects.length,
      projectsRead: done.length,
      reports: reportsOf(projects),
      reportsRead:
        reportsOf(done) + (current ? Math.min(current.reports, current.project.reportCount ?? current.reports) : 0),
      failed: [...failed],
    };
  };
  const publish = () => {
    if (!live()) return;
    self.progress = progress();
    setState({ kind: 'reading', progress: self.progress });
  };
  publish();
  writeAccountMarker('reading', self.progress);

  const queue = projects.filter((project) => !read.has(project.name));
  const triedOnce = new Set<string>();
  // A project that failed goes to the end of the queue once: the loop reaches what is pushed.
  for (const project of queue) {
    await whenQuiet(options, signal);
    if (!live()) return;
    // The person may have read it on its page meanwhile (or another tab, before this one took over).
    if (!isReadHere(project.name)) {
      current = { project, reports: 0 };
      publish();
      const outcome = await readOne(self, project.name, signal, (reports) => {
        if (current) current.reports = reports;
        publish();
      });
      current = undefined;
      if (!live()) return;
      if (outcome === 'key-rejected') {
        // Nothing more can be read with this key: the app says so; a new key starts afresh.
        running = undefined;
        removeAccountMarker();
        setState({ kind: 'idle' });
        return;
      }
      if (outcome === 'failed') {
        // Once more at the end: a moment's failure (the service busy, the network away) passes.
        if (triedOnce.has(project.name)) failed.push(project.name);
        else {
          triedOnce.add(project.name);
          queue.push(project);
        }
        publish();
        continue;
      }
      // Cancelled by the person on the project's page: left alone, not forced.
      if (outcome === 'cancelled') continue;
    }
    read.add(project.name);
    publish();
    writeAccountMarker('reading', self.progress);
  }
  if (!live()) return;
  running = undefined;
  writeAccountMarker('read');
  setState({ kind: 'done', progress: progress() });
}

/** Reads one project through the audit's own read, or waits for the one the person started. */
async function readOne(
  self: Running,
  project: string,
  signal: AbortSignal,
  onReports: (reports: number) => void,
): Promise<Outcome> {
  const reading = () => getProjectAuditState(project).read.kind === 'reading';
  const ours = !reading();
  if (ours) self.current = project;
  const stop = subscribeAudits(() => {
    const { read } = getProjectAuditState(project);
    if (read.kind === 'reading') onReports(read.progress.read);
  });
  try {
    if (ours) await startRead(project);
    await waitFor(() => !reading(), [subscribeAudits], signal);
  } finally {
    stop();
    if (self.current === project) self.current = undefined;
  }
  const { read, snapshot } = getProjectAuditState(project);
  if (read.kind === 'failed') return isApiError(read.error) && read.error.isUnauthorized ? 'key-rejected' : 'failed';
  if (read.kind === 'cancelled') return 'cancelled';
  return snapshot ? 'read' : 'failed';
}

/**
 * Resolves once none of this tab's requests waits for the budget and the page's own requests
 * are answered, then after what the browser has waiting (input first).
 */
async function whenQuiet(options: AccountReadOptions, signal: AbortSignal): Promise<void> {
  const quiet = () => queuedRequestCount() === 0 && !(options.foregroundBusy?.() ?? false);
  const sources = [onTransportChange, ...(options.subscribeForeground ? [options.subscribeForeground] : [])];
  await waitFor(quiet, sources, signal);
  await yieldToPage();
  signal.throwIfAborted();
  // The page's next request may have started in that moment: it goes first.
  if (!quiet()) await whenQuiet(options, signal);
}

/** Resolves once `done()` holds, looking again whenever one of `sources` calls back. */
function waitFor(
  done: () => boolean,
  sources: ((listener: () => void) => () => void)[],
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  if (done()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const stops: (() => void)[] = [];
    const finish = (settle: () => void) => {
      stops.forEach((stop) => stop());
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason as Error));
    const check = () => {
      if (done()) finish(resolve);
    };
    signal.addEventListener('abort', onAbort);
    for (const source of sources) stops.push(source(check));
    check();
  });
}
