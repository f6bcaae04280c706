import { useSyncExternalStore } from 'react';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { IsoTime, readOr } from '../../lib/schema';
import type { KeptCounts } from './storage-kinds';

/**
 * What was kept at the last visit, written twice: in localStorage and in an IndexedDB database of
 * its own. A browser short of space removes an origin's data without a word; on the next start
 * the dashboard compares the marker with what the stores hold, and says so rather than start over
 * silently:
 * - the marker counted lasting entries (the workspace, kept audits, results before a
 *   re-analysis) and the stores now hold none, under the same connection;
 * - or one of the two markers is gone while the other, which was written with it, remains: that
 *   storage was removed (IndexedDB with the kept data, or localStorage with the settings).
 * The marker is written again after the check, and whenever the stores change (the dashboard's own
 * deletions move it, so they are never taken for the browser's). What was found stays in both
 * markers until the analyst dismisses it.
 */

export type RemovedWhere =
  /** The stores are empty, the markers are not. */
  | 'stores'
  /** IndexedDB's marker is gone, localStorage's is not. */
  | 'indexeddb'
  /** localStorage's marker is gone, IndexedDB's is not. */
  | 'localstorage';

export interface Removal {
  what: RemovedWhere;
  /** When the marker was last written: the last visit, about. */
  since: string;
  /** What was kept then, per kind id (lasting kinds only). */
  counts: KeptCounts;
}

export interface KeptMarker {
  /** The connection's id (lib/connection-key): another account's stores are other stores. */
  connection: string;
  at: string;
  counts: KeptCounts;
  /** Whether the other place was written with it: only then does its absence say anything. */
  wroteBoth: boolean;
  removed?: Removal;
}

const CountsSchema = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer(), v.minValue(0))),
  v.check((counts) => Object.keys(counts).length <= 20),
);
const RemovalSchema = v.object({
  what: v.picklist(['stores', 'indexeddb', 'localstorage']),
  since: IsoTime,
  counts: CountsSchema,
});
const MarkerSchema = v.object({
  connection: v.pipe(v.string(), v.maxLength(2000)),
  at: IsoTime,
  counts: CountsSchema,
  wroteBoth: v.boolean(),
  removed: v.fallback(v.optional(RemovalSchema), undefined),
});

const readMarker = (value: unknown): KeptMarker | null => readOr(MarkerSchema, value, null);

const lastingTotal = (counts: KeptCounts, lasting: readonly string[]) =>
  lasting.reduce((sum, id) => sum + (counts[id] ?? 0), 0);
const onlyLasting = (counts: KeptCounts, lasting: readonly string[]): KeptCounts =>
  Object.fromEntries(lasting.filter((id) => (counts[id] ?? 0) > 0).map((id) => [id, counts[id] ?? 0]));

export interface MarkersFound {
  /** localStorage's marker; null when there is none (or it is unreadable). */
  local: KeptMarker | null;
  /** IndexedDB's. */
  device: KeptMarker | null;
  /** Whether localStorage could be read at all (false: nothing can be said of its marker). */
  localReadable: boolean;
  deviceReadable: boolean;
}

/**
 * Whether the browser removed what was kept since the marker was written: `counts` is what the
 * stores hold now, under `connection`; `lasting` names the kinds that stay until the analyst
 * removes them. A removal found earlier and not dismissed yet still holds.
 */
export function judgeSinceLastVisit(
  found: MarkersFound,
  counts: KeptCounts,
  connection: string,
  lasting: readonly string[],
): Removal | null {
  const { local, device } = found;
  const earlier = local?.removed ?? device?.removed;
  if (earlier) return earlier;
  if (local && !device && local.wroteBoth && found.deviceReadable && lastingTotal(local.counts, lasting) > 0)
    return { what: 'indexeddb', since: local.at, counts: onlyLasting(local.counts, lasting) };
  if (device && !local && device.wroteBoth && found.localReadable)
    return { what: 'localstorage', since: device.at, counts: onlyLasting(device.counts, lasting) };
  const last = local ?? device;
  if (!last || last.connection !== connection) return null;
  if (lastingTotal(last.counts, lasting) > 0 && lastingTotal(counts, lasting) === 0)
    return { what: 'stores', since: last.at, counts: onlyLasting(last.counts, lasting) };
  return null;
}

export const MARKER_KEY = 'seo-dashboard.kept-marker';
const MARKER_DB = 'seo-dashboard-kept-marker';

let database: UseStore | null | undefined;
function markerDatabase(): UseStore | null {
  if (database === undefined) {
    try {
      database = typeof indexedDB === 'undefined' ? null : createStore(MARKER_DB, 'marker');
    } catch {
      database = null;
    }
  }
  return database;
}

export async function readMarkers(): Promise<MarkersFound> {
  let local: KeptMarker | null = null;
  let localReadable = true;
  try {
    const text = globalThis.localStorage.getItem(MARKER_KEY);
    local = text === null ? null : readMarker(JSON.parse(text));
  } catch {
    localReadable = false;
  }
  let device: KeptMarker | null = null;
  let deviceReadable = false;
  const db = markerDatabase();
  if (db) {
    try {
      device = readMarker(await get<unknown>(MARKER_KEY, db));
      deviceReadable = true;
    } catch {
      deviceReadable = false;
    }
  }
  return { local, device, localReadable, deviceReadable };
}

/** Writes localStorage's marker; false when it cannot (blocked, or full). */
function writeLocal(marker: KeptMarker): boolean {
  try {
    globalThis.localStorage.setItem(MARKER_KEY, JSON.stringify(marker));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the marker in both places, each saying whether the other was written too. A page may be
 * left between the two writes (a click on a link right after a change): localStorage comes first,
 * saying IndexedDB is not written yet, and says so only once it is. IndexedDB's marker is never
 * left alone claiming a localStorage marker that is not there, which the next visit would take
 * for the browser removing localStorage; and a localStorage marker too full to be written is
 * never claimed either.
 */
export async function writeMarkers(marker: Omit<KeptMarker, 'wroteBoth'>): Promise<void> {
  const localOk = writeLocal({ ...marker, wroteBoth: false });
  const db = markerDatabase();
  if (!db) return;
  try {
    await set(MARKER_KEY, { ...marker, wroteBoth: localOk }, db);
  } catch {
    return;
  }
  if (localOk) writeLocal({ ...marker, wroteBoth: true });
}

// The page's check: once per page load, then the marker follows the stores.

let checked: Promise<void> | undefined;
let removal: Removal | null = null;
let lastWritten: Omit<KeptMarker, 'wroteBoth'> | undefined;
let writing: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function write(marker: Omit<KeptMarker, 'wroteBoth'>): Promise<void> {
  lastWritten = marker;
  writing = writing.then(() => writeMarkers(marker)).catch(() => undefined);
  return writing;
}

/** What the stores hold now, and under which connection: given by the caller, who knows the stores. */
export interface KeptNow {
  counts: () => Promise<KeptCounts>;
  connection: () => Promise<string>;
  lasting: readonly string[];
}

/**
 * Compares the markers with the stores, once per page (later calls wait for the same check), and
 * writes the marker anew. Resolves to what was removed, or null.
 */
export function checkSinceLastVisit(now: KeptNow): Promise<Removal | null> {
  checked ??= (async () => {
    const [found, counts, connection] = await Promise.all([readMarkers(), now.counts(), now.connection()]);
    removal = judgeSinceLastVisit(found, counts, connection, now.lasting);
    emit();
    await write({ connection, at: new Date().toISOString(), counts, ...(removal ? { removed: removal } : {}) });
  })().catch(() => undefined);
  return checked.then(() => removal);
}

/**
 * Writes the marker from the stores as they are now: after the dashboard kept or removed
 * something, here or in another tab. Not before the page's check, which must see the marker of
 * the last visit. A removal dismissed in another tab is gone from the marker: here too.
 */
export async function recordKept(now: KeptNow): Promise<void> {
  const check = checked;
  if (!check) return;
  await check;
  if (check !== checked) return;
  const [found, counts, connection] = await Promise.all([readMarkers(), now.counts(), now.connection()]);
  const stored = found.local ?? found.device;
  if (removal && stored && !stored.removed) {
    removal = null;
    emit();
  }
  await write({ connection, at: new Date().toISOString(), counts, ...(removal ? { removed: removal } : {}) });
}

/** The analyst read the notice: it goes, here and from the marker. */
export async function dismissRemoval(): Promise<void> {
  removal = null;
  emit();
  if (lastWritten) {
    const { removed: _gone, ...marker } = lastWritten;
    await write(marker);
  }
}

const currentRemoval = () => removal;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the browser removed since the last visit (null: nothing, or not checked yet). */
export function useRemovalSinceLastVisit(): Removal | null {
  return useSyncExternalStore(subscribe, currentRemoval, currentRemoval);
}

/** For tests: a new page, whose check has not run. */
export function forgetCheckInThisPage(): void {
  checked = undefined;
  removal = null;
  lastWritten = undefined;
  database = undefined;
  emit();
}
