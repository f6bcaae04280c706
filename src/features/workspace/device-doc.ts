import { fetchUpdates, IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import * as v from 'valibot';

/**
 * An account's workspace document on this device: a Yjs document kept in IndexedDB by
 * y-indexeddb (one database per account), and the one way the tabs of this browser agree on it
 * (decision 104). Each tab holds its own copy; every change a tab makes goes to the others on a
 * BroadcastChannel as a Yjs update and into IndexedDB, so a tab opened later reads it there.
 * A change that must see every other tab's first (a plan's run claimed once) runs under a Web
 * Lock after reading what the other tabs wrote to IndexedDB.
 * Where IndexedDB is missing or refuses (some private windows), the document lives in the tabs'
 * memory and still goes to the other open tabs.
 *
 * Nothing listens to the document's updates until what the device keeps is read into it (`ready`):
 * Yjs encodes every transaction again as an update when anything listens, and the read is one
 * transaction of the whole document, encoded again for listeners that all ignore it (the bench's
 * "document alone" row measures it). Whoever listens to `doc`'s updates does so after `ready`.
 */

export interface DeviceDoc {
  readonly doc: Y.Doc;
  /**
   * Settles once what the device keeps was read into the document (or could not be); from then
   * on, this tab's changes go into IndexedDB and to the other tabs.
   */
  readonly ready: Promise<void>;
  /** False once IndexedDB refused: nothing will be left on the device after the tabs close. */
  kept(): boolean;
  /**
   * What this device keeps beside the document and never shares (the team it joined): read and
   * written in y-indexeddb's own store, in memory where the device keeps nothing.
   */
  readLocal(key: string): Promise<unknown>;
  /** Writes it, and tells the other tabs (`onLocalChange`). */
  writeLocal(key: string, value: unknown): Promise<void>;
  onLocalChange(listener: (key: string) => void): () => void;
  /** A fresh copy of the document as the device keeps it (null: the device keeps none). */
  readBack(): Promise<Y.Doc | null>;
  /** Runs `change` with no other tab of this browser in the same step for this document. */
  exclusive<R>(change: () => R): Promise<R>;
  close(): Promise<void>;
  /** Closes and deletes what the device keeps of this document. */
  remove(): Promise<void>;
}

/** Bytes, whichever realm made them (`instanceof` fails across realms). */
const Bytes = v.pipe(
  v.custom<Uint8Array>((value) => Object.prototype.toString.call(value) === '[object Uint8Array]'),
  v.transform((bytes: Uint8Array) => new Uint8Array(bytes)),
);

/** What goes between the tabs: an update, or a newly opened tab asking for what it lacks. */
const TabMessageSchema = v.variant('kind', [
  v.object({ kind: v.literal('update'), update: Bytes }),
  v.object({ kind: v.literal('hello'), stateVector: Bytes }),
  v.object({ kind: v.literal('local'), key: v.string() }),
]);

/** y-indexeddb's own listener, which stores this tab's updates (not part of its typed API). */
type StoresUpdates = { _storeUpdate?: (update: Uint8Array, origin: unknown) => void };

/** Marks updates that came from another tab, so that they are not sent back to the tabs. */
const FROM_A_TAB = Symbol('from another tab');

/** Without Web Locks, the changes of this page (and of the tests' "tabs") still take turns. */
const turns = new Map<string, Promise<unknown>>();
function inThisPagesTurn<R>(name: string, run: () => Promise<R>): Promise<R> {
  const next = (turns.get(name) ?? Promise.resolve()).then(run, run);
  turns.set(
    name,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Resolves once y-indexeddb's writes so far are committed: a transaction on its store of updates
 * begins only after the ones that write it before it end (IndexedDB keeps their order).
 */
function stored(persistence: IndexeddbPersistence): Promise<void> {
  return new Promise((resolve) => {
    try {
      const transaction = persistence.db!.transaction(['updates'], 'readonly');
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => resolve();
      transaction.onabort = () => resolve();
    } catch {
      resolve(); // closed meanwhile: nothing more can be kept
    }
  });
}

export function openDeviceDoc(name: string): DeviceDoc {
  const doc = new Y.Doc();
  let closed = false;
  let persistence: IndexeddbPersistence | null = null;
  let keptOnDevice = typeof indexedDB !== 'undefined';
  if (keptOnDevice) {
    try {
      persistence = new IndexeddbPersistence(name, doc);
    } catch {
      keptOnDevice = false;
    }
  }
  // y-indexeddb listens from the start: it is taken off until the read is done (see above). It
  // stores nothing of its own read anyway, and nothing else changes the document before `ready`
  // but the other tabs, which stored their changes themselves (and answer this tab's "hello").
  const storeUpdate = (persistence as unknown as StoresUpdates | null)?._storeUpdate;
  if (storeUpdate) doc.off('update', storeUpdate);
  // y-indexeddb never settles `whenSynced` when the database cannot be opened: its open request
  // (`_db`) tells that, and then the document lives in memory.
  const opened = (persistence as unknown as { _db?: Promise<unknown> } | null)?._db;
  const read: Promise<void> = persistence
    ? Promise.race([
        persistence.whenSynced.then(() => undefined),
        (opened ?? Promise.resolve()).then(
          () => new Promise<void>(() => undefined),
          () => {
            keptOnDevice = false;
          },
        ),
      ])
    : Promise.resolve();

  const localListeners = new Set<(key: string) => void>();
  const inMemory = new Map<string, unknown>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`seo-dashboard-doc:${name}`) : null;
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    // What came from the other tabs (directly, or read back from IndexedDB) they have already.
    if (origin !== FROM_A_TAB && (origin !== persistence || persistence === null)) {
      channel?.postMessage({ kind: 'update', update });
    }
  };
  channel?.addEventListener('message', (event: MessageEvent) => {
    const message = v.safeParse(TabMessageSchema, event.data);
    if (!message.success) return;
    if (message.output.kind === 'local') {
      const { key } = message.output;
      localListeners.forEach((listener) => listener(key));
      return;
    }
    if (message.output.kind === 'hello') {
      channel.postMessage({ kind: 'update', update: Y.encodeStateAsUpdate(doc, message.output.stateVector) });
      return;
    }
    try {
      // The tab that made it stored it already: applied as y-indexeddb's own, it is not stored twice.
      Y.applyUpdate(doc, message.output.update, persistence?.synced ? persistence : FROM_A_TAB);
    } catch {
      // A broken update from a tab of another version: what the device keeps still counts.
    }
  });
  const ready = read.then(() => {
    if (closed) return;
    if (storeUpdate) doc.on('update', storeUpdate);
    doc.on('update', onUpdate);
    channel?.postMessage({ kind: 'hello', stateVector: Y.encodeStateVector(doc) });
  });

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const inTurn = <R>(run: () => Promise<R>): Promise<R> =>
    locks ? (locks.request(`seo-dashboard-doc:${name}`, run) as Promise<R>) : inThisPagesTurn(name, run);

  return {
    doc,
    ready,
    kept: () => keptOnDevice,
    async exclusive(change) {
      await ready;
      const run = async () => {
        if (persistence?.synced && keptOnDevice && !closed) await fetchUpdates(persistence).catch(() => undefined);
        const result = change();
        // Settled once the change is stored: y-indexeddb writes it without a promise, and a reload
        // right after "saved" (a person's, or a test's) could abort that write and lose it.
        if (persistence?.synced && keptOnDevice && !closed) await stored(persistence);
        return result;
      };
      return inTurn(run);
    },
    async readLocal(key) {
      await ready;
      if (!persistence || !keptOnDevice) return inMemory.get(key);
      try {
        const text: unknown = await persistence.get(key);
        return typeof text === 'string' ? JSON.parse(text) : inMemory.get(key);
      } catch {
        return inMemory.get(key);
      }
    },
    async writeLocal(key, value) {
      await ready;
      inMemory.set(key, value);
      if (persistence && keptOnDevice) await persistence.set(key, JSON.stringify(value ?? null)).catch(() => undefined);
      channel?.postMessage({ kind: 'local', key });
      localListeners.forEach((listener) => listener(key));
    },
    onLocalChange(listener) {
      localListeners.add(listener);
      return () => localListeners.delete(listener);
    },
    async readBack() {
      if (!persistence || !keptOnDevice) return null;
      const copy = new Y.Doc();
      const reader = new IndexeddbPersistence(name, copy);
      await reader.whenSynced;
      await reader.destroy();
      return copy;
    },
    async close() {
      if (closed) return;
      closed = true;
      doc.off('update', onUpdate);
      channel?.close();
      await persistence?.destroy();
      doc.destroy();
    },
    async remove() {
      const removing = persistence;
      await this.close();
      await removing?.clearData().catch(() => undefined);
    },
  };
}
