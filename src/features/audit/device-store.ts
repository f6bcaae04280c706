import { createStore, delMany, entries, getMany, keys, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import type { Connection } from '../connection';
import { askToKeepStorage, keptChanged, sizeOf } from '../device-storage';
import { connectionIdOf } from '../../lib/connection-key';
import { summarise } from './aggregate';
import type { AuditSummary, ProjectAudit, ProjectSnapshot, ReadReport } from './types';

/**
 * What was read for the audit, kept on this device in IndexedDB (through idb-keyval) so that the
 * next visit shows it at once. Every key starts with the connection's id: the base URL and a hash
 * of the API key, never the key itself. When the connection changes or the key is forgotten, the
 * data of every other connection is deleted (keepOnlyConnection, called by the app on change).
 *
 * Where IndexedDB is missing or refuses (private windows, blocked storage), every call here
 * quietly does nothing: the audit still works from memory and is read again on the next visit.
 *
 * A snapshot is kept as one small record (meta: its audit, which a visit shows at once and the
 * overview summarises, without reading a single report) and its
 * reports in chunks of 100. One transaction writes them all, but each chunk is put in the success
 * event of the one before: the browser clones a value when it is put, and cloning a whole
 * project at once would be a long task. Reads get each chunk in its own event for the same reason.
 */

const DB_NAME = 'seo-dashboard-audit';
const STORE_NAME = 'projects';
const FORMAT = 2;
const CHUNK_SIZE = 100;

type MetaKey = ['meta', string, string];
type ChunkKey = ['chunk', string, string, number];

interface StoredMeta {
  format: typeof FORMAT;
  project: string;
  total: number;
  readAt: string;
  chunks: number;
  /** See ProjectSnapshot.unreadable. */
  unreadable?: number;
  /** The audit as computed when the reports were read. */
  audit: ProjectAudit;
}

let store: UseStore | undefined;
let unavailable = false;

function storeOrNull(): UseStore | null {
  if (unavailable) return null;
  if (typeof indexedDB === 'undefined') {
    unavailable = true;
    return null;
  }
  store ??= createStore(DB_NAME, STORE_NAME);
  return store;
}

/** Runs an IndexedDB operation; a refusal turns the device store off for this page. */
async function attempt<T>(operation: (db: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const db = storeOrNull();
  if (!db) return fallback;
  try {
    return await operation(db);
  } catch {
    unavailable = true;
    return fallback;
  }
}

/** Whether this page can keep the audit between visits (false once IndexedDB has refused). */
export function isDeviceStoreAvailable(): boolean {
  return storeOrNull() !== null;
}

export { connectionIdOf };

const metaKey = (connectionId: string, project: string): MetaKey => ['meta', connectionId, project];
const chunkKey = (connectionId: string, project: string, index: number): ChunkKey => [
  'chunk',
  connectionId,
  project,
  index,
];

/** Another format, or a record cut short: read the project again. Kept as stored when it fits. */
const StoredMetaShapeSchema = v.object({
  format: v.literal(FORMAT),
  project: v.string(),
  total: v.number(),
  readAt: v.string(),
  chunks: v.number(),
  audit: v.object({ issues: v.array(v.unknown()) }),
});
const isMeta = (value: unknown): value is StoredMeta => v.is(StoredMetaShapeSchema, value);

/** A chunk of reports as stored: a list (a chunk missing or of another shape reads the project again). */
const ChunkSchema = v.array(v.unknown());
/** See ProjectSnapshot.unreadable: a count above none, or nothing. */
const UnreadableSchema = v.pipe(
  v.number(),
  v.check((count: number) => count > 0),
);

/** What a visit shows first: the audit kept with the project, without its reports. */
export async function loadKeptAudit(
  connectionId: string,
  project: string,
): Promise<{ audit: ProjectAudit; readAt: string } | null> {
  return attempt(async (db) => {
    const [meta] = await getMany<unknown>([metaKey(connectionId, project)], db);
    return isMeta(meta) ? { audit: meta.audit, readAt: meta.readAt } : null;
  }, null);
}

export async function loadSnapshot(connectionId: string, project: string): Promise<ProjectSnapshot | null> {
  return attempt(async (db) => {
    const [meta] = await getMany<unknown>([metaKey(connectionId, project)], db);
    if (!isMeta(meta)) return null;
    const chunkKeys = Array.from({ length: meta.chunks }, (_, i) => chunkKey(connectionId, project, i));
    const chunks = await getMany<unknown>(chunkKeys, db);
    // A chunk missing (storage evicted part of it, a write cut short): read the project again.
    if (!chunks.every((chunk) => v.is(ChunkSchema, chunk))) return null;
    const reports = (chunks as ReadReport[][]).flat();
    const unreadable = v.is(UnreadableSchema, meta.unreadable) ? { unreadable: meta.unreadable } : {};
    return { project: meta.project, reports, total: meta.total, readAt: meta.readAt, ...unreadable };
  }, null);
}

/**
 * Keeps a project's reports and audit. `stillCurrent` is asked once the write transaction
 * exists: when the connection has changed by then, nothing is written. Asked any earlier, the
 * change's clean-up (keepOnlyConnection) could look at the keys before this write landed and
 * leave the old account's data behind; asked then, the clean-up's transactions come after this
 * one, which IndexedDB runs in order.
 */
export async function saveSnapshot(
  connectionId: string,
  snapshot: ProjectSnapshot,
  audit: ProjectAudit,
  stillCurrent: () => boolean = () => true,
): Promise<void> {
  await attempt(async (db) => {
    const chunks: ReadReport[][] = [];
    for (let i = 0; i < snapshot.reports.length; i += CHUNK_SIZE) {
      chunks.push(snapshot.reports.slice(i, i + CHUNK_SIZE));
    }
    const meta: StoredMeta = {
      format: FORMAT,
      project: snapshot.project,
      total: snapshot.total,
      readAt: snapshot.readAt,
      chunks: chunks.length,
      ...(snapshot.unreadable ? { unreadable: snapshot.unreadable } : {}),
      audit,
    };
    const previous = await storedChunkKeys(db, connectionId, snapshot.project);
    const writes: [IDBValidKey, unknown][] = chunks.map((chunk, i) => [
      chunkKey(connectionId, snapshot.project, i),
      chunk,
    ]);
    writes.push([metaKey(connectionId, snapshot.project), meta]);
    const stale = previous.filter((key) => key[3] >= chunks.length);
    let wrote = false;
    await db(
      'readwrite',
      (objects) =>
        new Promise<void>((resolve, reject) => {
          // One transaction: the meta and its chunks are written together or not at all.
          const transaction = objects.transaction;
          transaction.oncomplete = () => resolve();
          transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('Not saved'));
          if (!stillCurrent()) return; // an empty transaction: it completes, having written nothing
          wrote = true;
          let index = 0;
          const next = () => {
            const write = writes[index];
            index += 1;
            if (write) objects.put(write[1], write[0]).onsuccess = next;
            else for (const key of stale) objects.delete(key);
          };
          next();
        }),
    );
    // Kept: the browser is asked to keep it (once), and whoever shows what is kept is told.
    if (wrote) {
      void askToKeepStorage();
      keptChanged();
    }
  }, undefined);
}

async function storedChunkKeys(db: UseStore, connectionId: string, project: string): Promise<ChunkKey[]> {
  return (await keys(db)).filter(
    (key): key is ChunkKey => Array.isArray(key) && key[0] === 'chunk' && key[1] === connectionId && key[2] === project,
  );
}

/** The summaries of every project read for this connection: what the overview shows. */
export async function loadSummaries(connectionId: string): Promise<AuditSummary[]> {
  return attempt(async (db) => {
    const metaKeys = (await keys(db)).filter(
      (key) => Array.isArray(key) && key[0] === 'meta' && key[1] === connectionId,
    );
    const metas = await getMany<unknown>(metaKeys, db);
    return metas.filter(isMeta).map((meta) => summarise(meta, meta.audit));
  }, []);
}

export async function deleteProject(connectionId: string, project: string): Promise<void> {
  await attempt(async (db) => {
    const chunks = await storedChunkKeys(db, connectionId, project);
    await delMany([metaKey(connectionId, project), ...chunks], db);
    keptChanged();
  }, undefined);
}

/** Deletes everything kept for any other connection: a new key or service is another account. */
export async function keepOnlyConnection(connectionId: string): Promise<void> {
  await attempt(async (db) => {
    const others = (await keys(db)).filter((key) => !Array.isArray(key) || key[1] !== connectionId);
    if (others.length > 0) {
      await delMany(others, db);
      keptChanged();
    }
  }, undefined);
}

/** Called by the app when the connection changes: only the new connection's data stays. */
export async function keepOnlyDataOf(connection: Connection): Promise<void> {
  await keepOnlyConnection(connectionIdOf(connection));
}

/** One project's kept read, as the settings page's figures and retention rules see it. */
export interface KeptAudit {
  connectionId: string;
  project: string;
  /** When it was read (ISO): the retention rules' age, and what says it is still the one previewed. */
  readAt: string;
  reports: number;
  /** The JSON length of its record and reports: about what it takes on the device. */
  bytes: number;
}

/** Every project's kept read on this device, of any connection. Reads every report: not for a first paint. */
export async function listKeptAudits(): Promise<KeptAudit[]> {
  return attempt(async (db) => {
    const stored = await entries<IDBValidKey, unknown>(db);
    const bytes = new Map<string, number>();
    const at = (connectionId: unknown, project: unknown) => JSON.stringify([connectionId, project]);
    const kept: Omit<KeptAudit, 'bytes'>[] = [];
    for (const [key, value] of stored) {
      if (!Array.isArray(key)) continue;
      const place = at(key[1], key[2]);
      bytes.set(place, (bytes.get(place) ?? 0) + sizeOf(value));
      if (key[0] === 'meta' && isMeta(value) && typeof key[1] === 'string')
        kept.push({ connectionId: key[1], project: value.project, readAt: value.readAt, reports: value.total });
    }
    return kept.map((audit) => ({ ...audit, bytes: bytes.get(at(audit.connectionId, audit.project)) ?? 0 }));
  }, []);
}

/** How many projects' reads are kept on this device: their keys only. */
export async function countKeptAudits(): Promise<number> {
  return attempt(async (db) => (await keys(db)).filter((key) => Array.isArray(key) && key[0] === 'meta').length, 0);
}

/**
 * Deletes these projects' kept reads, each only if it is still the read listed (the same
 * `readAt`: a newer read kept since stays), in one transaction. Resolves to how many went.
 */
export async function deleteKeptAudits(
  audits: readonly Pick<KeptAudit, 'connectionId' | 'project' | 'readAt'>[],
): Promise<number> {
  const removed = await attempt(
    (db) =>
      db(
        'readwrite',
        (objects) =>
          new Promise<number>((resolve, reject) => {
            let count = 0;
            const transaction = objects.transaction;
            transaction.oncomplete = () => resolve(count);
            transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('Not deleted'));
            for (const audit of audits) {
              const key = metaKey(audit.connectionId, audit.project);
              const request = objects.get(key);
              request.onsuccess = () => {
                const meta: unknown = request.result;
                if (!isMeta(meta) || meta.readAt !== audit.readAt) return;
                objects.delete(key);
                objects.delete(
                  IDBKeyRange.bound(
                    chunkKey(audit.connectionId, audit.project, -Infinity),
                    chunkKey(audit.connectionId, audit.project, Infinity),
                  ),
                );
                count += 1;
              };
            }
          }),
      ),
    0,
  );
  if (removed > 0) keptChanged();
  return removed;
}
