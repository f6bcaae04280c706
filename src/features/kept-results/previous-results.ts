import { useEffect, useState } from 'react';
import { createStore, del, delMany, entries, get, keys, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { isAbortError, type Report, type ReportId } from '../../api';
import { isUnknownOutcome } from '../../api/write-outcomes';
import { connectionIdOf } from '../../lib/connection-key';
import { getConnection, useConnection, type Connection } from '../connection';
import { askToKeepStorage, keptChanged, sizeOf } from '../device-storage';

/**
 * A report's results before its last re-analysis, kept on this device: the service overwrites
 * results in place and keeps no history, so this is the only "before" there is. Entries are
 * keyed by the one account id (lib/connection-key.ts: the base URL and a hash of the key, never
 * the key itself) and report id;
 * saving or forgetting a key deletes the other connections' (the settings page calls
 * `forgetPreviousResultsOfOtherConnections`).
 * Where IndexedDB is missing or refuses (private windows), they live in this page's memory.
 */
export interface PreviousResult {
  report: Report;
  /** When the re-analysis that replaced these results was started. */
  keptAt: string;
}

type Key = [scope: string, reportId: ReportId];
const isKey = (key: IDBValidKey): key is Key =>
  Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'string';

/** A kept result as the settings page's figures and retention rules see it. */
export interface KeptEarlierResult {
  /** The connection it belongs to (see scopeOf). */
  scope: string;
  id: ReportId;
  /** The page it is a run of: the retention rules keep the newest runs of each. */
  url: string;
  keptAt: string;
  /** Its JSON length: about what it takes on the device. */
  bytes: number;
}

function keptEntry(scope: string, id: ReportId, value: PreviousResult): KeptEarlierResult {
  const url = (value.report as { url?: unknown }).url;
  return { scope, id, url: typeof url === 'string' ? url : id, keptAt: value.keptAt, bytes: sizeOf(value) };
}

/** Another version may have written another shape: kept as stored only when it looks like one. */
const PreviousResultShapeSchema = v.object({
  report: v.object({ id: v.string(), checks: v.array(v.unknown()) }),
  keptAt: v.string(),
});
const isPreviousResult = (value: unknown): value is PreviousResult => v.is(PreviousResultShapeSchema, value);

/**
 * Which account an entry belongs to: the one account id of lib/connection-key.ts, as the
 * workspace and the audit file theirs.
 */
const scopeOf = (connection: Connection): string => connectionIdOf(connection);

/**
 * The id the versions before the one account id filed results under (the base URL as typed and
 * an unsalted hash of the key): kept only to find them and file them anew (moveEarlierScope).
 */
async function earlierScopeOf(connection: Connection): Promise<string | null> {
  if (connection.mode === 'demo') return 'demo';
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(connection.apiKey));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${connection.baseUrl}|${hex.slice(0, 32)}`;
}

function openDatabase(): UseStore | null {
  try {
    return typeof indexedDB === 'undefined' ? null : createStore('seo-dashboard-previous-results', 'results');
  } catch {
    return null;
  }
}

export type PreviousResults = ReturnType<typeof createPreviousResults>;

/** One store per page; tests make a second one to see what a reload would find. */
export function createPreviousResults() {
  let database: UseStore | null | undefined;
  const memory = new Map<string, PreviousResult | null>();
  const listeners = new Set<(id: ReportId) => void>();
  const memoryKey = ([scope, id]: Key) => `${scope}\n${id}`;

  /** IndexedDB can be there and still fail (quota, private mode): from then on, memory only. */
  async function withDatabase<T>(action: (db: UseStore) => Promise<T>): Promise<T | undefined> {
    // Opened once: after a failure (null) it stays memory only, never opened again mid-way.
    if (database === undefined) database = openDatabase();
    if (!database) return undefined;
    try {
      return await action(database);
    } catch {
      database = null;
      return undefined;
    }
  }

  let purged: Promise<void> | undefined;

  /**
   * Files what an earlier version kept for this account under the one account id, each result in
   * one transaction with its removal from the earlier id; where both ids hold one (a tab of the
   * earlier version kept one since), the later kept stays. Resolves to the earlier id when the move
   * did not happen (then nothing under it may be deleted), or null.
   */
  async function moveEarlierScope(connection: Connection): Promise<string | null> {
    const [scope, earlier] = await Promise.all([scopeOf(connection), earlierScopeOf(connection).catch(() => null)]);
    if (earlier === null || earlier === scope) return null;
    const moved = await withDatabase((db) =>
      db(
        'readwrite',
        (objects) =>
          new Promise<true>((resolve, reject) => {
            const transaction = objects.transaction;
            transaction.oncomplete = () => resolve(true);
            transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('Not moved'));
            // Every key [earlier, id]: arrays sort after strings, so [earlier, []] ends the range.
            const found = objects.getAllKeys(IDBKeyRange.bound([earlier], [earlier, []]));
            found.onsuccess = () => {
              for (const key of found.result) {
                if (!isKey(key)) continue;
                const target: Key = [scope, key[1]];
                const older = objects.get(key);
                const newer = objects.get(target);
                newer.onsuccess = () => {
                  const [was, is] = [older.result as unknown, newer.result as unknown];
                  if (isPreviousResult(was) && (!isPreviousResult(is) || is.keptAt < was.keptAt))
                    objects.put(was, target);
                  objects.delete(key);
                };
              }
            };
          }),
      ),
    );
    return moved ? null : earlier;
  }

  async function read(connection: Connection, id: ReportId): Promise<PreviousResult | null> {
    purged ??= moveEarlierScope(connection).then((spared) => forgetOtherConnections(connection, spared));
    await purged;
    const scope = scopeOf(connection);
    const key: Key = [scope, id];
    const cached = memory.get(memoryKey(key));
    if (cached !== undefined) return cached;
    const stored = await withDatabase((db) => get<unknown>(key, db));
    const value = isPreviousResult(stored) ? stored : null;
    // Another write may have landed while IndexedDB answered: it wins.
    if (!memory.has(memoryKey(key))) memory.set(memoryKey(key), value);
    return memory.get(memoryKey(key)) ?? null;
  }

  async function write(connection: Connection, id: ReportId, value: PreviousResult | null): Promise<void> {
    const key: Key = [scopeOf(connection), id];
    memory.set(memoryKey(key), value);
    listeners.forEach((listener) => listener(id));
    await withDatabase((db) => (value ? set(key, value, db) : del(key, db)));
    keptChanged();
  }

  /** `spared`: an earlier id of this account whose results could not be moved yet. */
  async function forgetOtherConnections(connection: Connection, spared: string | null = null): Promise<void> {
    const scope = scopeOf(connection);
    for (const key of [...memory.keys()]) if (!key.startsWith(`${scope}\n`)) memory.delete(key);
    await withDatabase(async (db) => {
      const stored = await keys<IDBValidKey>(db);
      const others = stored.filter((key) => !Array.isArray(key) || (key[0] !== scope && key[0] !== spared));
      if (others.length > 0) {
        await delMany(others, db);
        keptChanged();
      }
    });
  }

  /** What memory holds of every connection, where IndexedDB is missing or refused. */
  function inMemory(): KeptEarlierResult[] {
    return [...memory].flatMap(([key, value]) => {
      if (!value) return [];
      const scope = key.slice(0, key.lastIndexOf('\n'));
      return [keptEntry(scope, value.report.id, value)];
    });
  }

  /** Every result kept on this device, of any connection: the settings page's figures and rules. */
  async function list(): Promise<KeptEarlierResult[]> {
    const stored = await withDatabase(async (db) =>
      (await entries<IDBValidKey, unknown>(db)).flatMap(([key, value]) =>
        isKey(key) && isPreviousResult(value) ? [keptEntry(key[0], key[1], value)] : [],
      ),
    );
    return stored ?? inMemory();
  }

  /**
   * Deletes these kept results, each only if it is still the one listed (the same `keptAt`: one
   * kept since by a new re-analysis stays). Resolves to how many went.
   */
  async function remove(results: readonly Pick<KeptEarlierResult, 'scope' | 'id' | 'keptAt'>[]): Promise<number> {
    const gone = await withDatabase((db) =>
      db(
        'readwrite',
        (objects) =>
          new Promise<Key[]>((resolve, reject) => {
            const deleted: Key[] = [];
            const transaction = objects.transaction;
            transaction.oncomplete = () => resolve(deleted);
            transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('Not deleted'));
            for (const result of results) {
              const key: Key = [result.scope, result.id];
              const request = objects.get(key);
              request.onsuccess = () => {
                const value: unknown = request.result;
                if (!isPreviousResult(value) || value.keptAt !== result.keptAt) return;
                objects.delete(key);
                deleted.push(key);
              };
            }
          }),
      ),
    );
    const removed: Key[] =
      gone ??
      results.flatMap((result): Key[] =>
        memory.get(memoryKey([result.scope, result.id]))?.keptAt === result.keptAt ? [[result.scope, result.id]] : [],
      );
    for (const key of removed) {
      memory.set(memoryKey(key), null);
      listeners.forEach((listener) => listener(key[1]));
    }
    if (removed.length > 0) keptChanged();
    return removed.length;
  }

  /**
   * Keeps `report` as the results before a re-analysis that starts now. Resolves to what was kept
   * before, so that a re-analysis the service refused can put it back.
   */
  async function keep(connection: Connection, report: Report): Promise<PreviousResult | null> {
    const older = await read(connection, report.id);
    await write(connection, report.id, { report, keptAt: new Date().toISOString() });
    // The only "before" there is: the browser is asked to keep it (once).
    void askToKeepStorage();
    return older;
  }

  const restore = (connection: Connection, id: ReportId, older: PreviousResult | null) => write(connection, id, older);

  return {
    read,
    keep,
    restore,
    /**
     * Keeps `report` as the results before the re-analysis that `send` makes (a report's page's,
     * a job's), and puts back what was kept before when it did not happen: refused, or read back
     * unchanged. Not when it may have happened: its outcome unknown, or the connection changed
     * after it was sent (the write completes, its answer goes to no one); nor over what this tab
     * kept of the report since.
     */
    async keepWhile<T>(connection: Connection, report: Report, send: () => Promise<T>): Promise<T> {
      const older = await keep(connection, report);
      const kept = await read(connection, report.id);
      try {
        return await send();
      } catch (error) {
        const mayHaveHappened = isUnknownOutcome(error) || isAbortError(error);
        if (!mayHaveHappened && (await read(connection, report.id)) === kept)
          await restore(connection, report.id, older);
        throw error;
      }
    },
    /** Deletes what was kept for any connection but this one. */
    forgetOtherConnections,
    list,
    /** How many results are kept on this device, of any connection. */
    count: async (): Promise<number> =>
      (await withDatabase(async (db) => (await keys(db)).filter(isKey).length)) ?? inMemory().length,
    remove,
    subscribe(listener: (id: ReportId) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const previousResults = /* @__PURE__ */ createPreviousResults();

/**
 * Deletes what was kept for any connection but the current one. The settings page calls it when
 * a key is saved or forgotten; the store itself does it before its first read in a page, for a
 * change it did not see (another tab's, or one made while this code could not load).
 */
export function forgetPreviousResultsOfOtherConnections(): Promise<void> {
  return previousResults.forgetOtherConnections(getConnection());
}

/**
 * The later of two results before a re-analysis (this device's and the team's, decision 115):
 * the run the service generated later, by the service's clock; of one run, the one kept later (a
 * device's clock). Either may be missing (null, or undefined while it is read): the other is the
 * later. A time that does not read counts as the older.
 */
export function laterKept<T extends Pick<PreviousResult, 'keptAt'> & { report: Pick<Report, 'generatedAt'> }>(
  a: T | null | undefined,
  b: T | null | undefined,
): T | null {
  if (!a) return b ?? null;
  if (!b) return a;
  const later =
    momentOf(b.report.generatedAt) - momentOf(a.report.generatedAt) || momentOf(b.keptAt) - momentOf(a.keptAt);
  return later > 0 ? b : a;
}

const momentOf = (time: string | null) => (time === null ? 0 : Date.parse(time) || 0);

/** What was kept for this report (null: nothing), or undefined while it is being read. */
export function usePreviousResult(id: ReportId): PreviousResult | null | undefined {
  const connection = useConnection();
  const [loaded, setLoaded] = useState<{ id: ReportId; connection: Connection; value: PreviousResult | null }>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void previousResults.read(connection, id).then((value) => {
        if (live) setLoaded({ id, connection, value });
      });
    load();
    const unsubscribe = previousResults.subscribe((changed) => {
      if (changed === id) load();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [connection, id]);
  return loaded && loaded.id === id && loaded.connection === connection ? loaded.value : undefined;
}
