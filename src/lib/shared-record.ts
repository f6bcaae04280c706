import { browserStorage } from './tab-channel';

/**
 * A record every open tab shares in localStorage, changed under a Web Lock so that two tabs
 * never interleave a read and a write (docs/decisions/0025). Loaded once the first rows are on
 * screen (api/transport.ts, shareRequestBudget): nothing of it is needed for the first request.
 */

/** Runs `task` while holding the lock `name`, which one tab at a time may hold. */
export type TabLock = <T>(name: string, task: () => T) => Promise<T>;

function browserLock(): TabLock | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  return <T>(name: string, task: () => T) => locks.request(name, () => task()) as Promise<T>;
}

/** A value the tabs share: read, changed and saved as one step no other tab can cut into. */
export interface SharedRecord<T> {
  /** Hands the latest value to `change` (which may modify it), saves it, and returns what `change` returns. */
  update<R>(change: (value: T) => R): Promise<R>;
  /** The latest value, without the lock: for display. */
  read(): T;
  /** Called when another tab changed the value. */
  subscribe(listener: () => void): () => void;
}

interface RecordOptions<T> {
  key: string;
  /** Makes a value from whatever is stored (possibly garbage, or another version's shape). */
  parse: (stored: unknown) => T;
  /** Test doubles (null: missing): two records over one storage and one lock stand in for two tabs. */
  storage?: Storage | null;
  lock?: TabLock | null;
}

/** The record shared by every tab under `key`; null where locks or storage are missing. */
export function sharedRecord<T>({
  key,
  parse,
  storage = browserStorage(),
  lock = browserLock(),
}: RecordOptions<T>): SharedRecord<T> | null {
  if (!storage || !lock) return null;
  const read = (): T => {
    try {
      const raw = storage.getItem(key);
      return parse(raw === null ? undefined : JSON.parse(raw));
    } catch {
      return parse(undefined);
    }
  };
  return {
    update: (change) =>
      lock(key, () => {
        const value = read();
        const result = change(value);
        try {
          storage.setItem(key, JSON.stringify(value));
        } catch {
          // Storage full: this change is not shared, but the tab goes on.
        }
        return result;
      }),
    read,
    subscribe(listener) {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
