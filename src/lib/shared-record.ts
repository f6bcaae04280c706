import { createStore, get, update, type UseStore } from 'idb-keyval';
import { CHANNEL_NAME } from './tab-channel';

/**
 * A record every open tab shares, kept in IndexedDB and changed in one readwrite transaction:
 * the browser runs such transactions on one store one after the other, whichever tab asks, so
 * no two tabs interleave a read and a write (docs/decisions/0025, 0049). localStorage under a
 * Web Lock did not give that: Chromium tells the other tabs' processes of a write after the lock
 * is free, so a tab could read the window as it was before another tab's last slot (2000
 * counted changes from two tabs kept 1723). Loaded once the first rows are on screen
 * (api/transport.ts, shareRequestBudget): nothing of it is needed for the first request.
 */

/** A value the tabs share: read, changed and saved as one step no other tab can cut into. */
export interface SharedRecord<T> {
  /** Hands the latest value to `change` (which may modify it), saves it, and returns what `change` returns. */
  update<R>(change: (value: T) => R): Promise<R>;
  /** The value as last seen by this tab (its own change or another tab's), without waiting: for display. */
  read(): T;
  /** Called when another tab changed the value. */
  subscribe(listener: () => void): () => void;
  /**
   * Settles once the stored value was first read (or could not be): until then `read()` is
   * parse(undefined). Absent from a record that has nothing to read (a tab's own).
   */
  readonly ready?: Promise<void>;
}

interface RecordOptions<T> {
  key: string;
  /** Makes a value from whatever is stored (possibly garbage, or another version's shape). */
  parse: (stored: unknown) => T;
  /** Where the records are kept; null: IndexedDB is missing. Tests give each "browser" its own. */
  store?: UseStore | null;
  /** The name the tabs' change notices go out under; tests give each "browser" its own. */
  channelName?: string;
}

const DB_NAME = 'seo-dashboard-shared';
const STORE_NAME = 'records';

function browserStore(): UseStore | null {
  return typeof indexedDB === 'undefined' ? null : createStore(DB_NAME, STORE_NAME);
}

/** The record shared by every tab under `key`; null where IndexedDB is missing. */
export function sharedRecord<T>({
  key,
  parse,
  store = browserStore(),
  channelName = `${CHANNEL_NAME}.records`,
}: RecordOptions<T>): SharedRecord<T> | null {
  if (!store) return null;
  let latest = parse(undefined);
  // Once IndexedDB has refused a change (storage turned off meanwhile, a full disk), this tab
  // keeps counting on its own, from what it saw last: slower to agree, never stuck.
  let ownFromNowOn = false;
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;

  /** Reads what is stored for display, and tells the listeners (another tab changed it). */
  const refresh = () =>
    get<unknown>(key, store).then(
      (stored) => {
        latest = parse(stored);
        listeners.forEach((listener) => listener());
      },
      () => undefined,
    );
  const ready = refresh();
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === key) void refresh();
  });

  return {
    async update<R>(change: (value: T) => R): Promise<R> {
      if (!ownFromNowOn) {
        let result: { value: R } | undefined;
        // A `change` that throws is the caller's error, not IndexedDB refusing: what is stored
        // stays as it was, the error goes to the caller, and the record stays shared.
        let thrown: { error: unknown } | undefined;
        try {
          await update<unknown>(
            key,
            (stored) => {
              const value = parse(stored);
              try {
                result = { value: change(value) };
              } catch (error) {
                thrown = { error };
                return stored;
              }
              latest = value;
              return value;
            },
            store,
          );
        } catch {
          ownFromNowOn = true;
        }
        if (thrown) throw thrown.error;
        if (result) {
          channel?.postMessage(key);
          return result.value;
        }
      }
      // If the refused change had already counted here, it counts twice: too careful, never too many.
      return change(latest);
    },
    read: () => latest,
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
