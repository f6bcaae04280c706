/**
 * Everything the dashboard's open tabs must agree on goes through this module and
 * ./tab-messages.ts: the records they share in localStorage, changed under a Web Lock so that two
 * tabs never interleave a read and a write (here), and the messages they send each other (over
 * BroadcastChannel, or storage events where it is missing: tab-messages.ts). Where locks or
 * storage are missing (old browsers, disabled storage, jsdom) there is no shared record: each tab
 * keeps its own, as before. See docs/decisions/0024-one-connection-for-every-tab.md and
 * 0025-one-request-budget.md.
 *
 * This module is in the first paint (the request budget applies to the first request); the
 * messages' code loads once the first rows are on screen, and until then `hearOtherTabs` keeps
 * what the other tabs say (docs/decisions/0027).
 */

export const CHANNEL_NAME = 'seo-dashboard';
/** The storage fallback writes each message to this key and removes it at once. */
export const MESSAGE_KEY = 'seo-dashboard.tab-message';
/** The request budget shared by every tab: recent request start times and any pause. */
export const BUDGET_KEY = 'seo-dashboard.request-budget';

/** What the other tabs said before the code that answers them was loaded. */
export interface HeardEarly {
  channel: BroadcastChannel;
  /** Messages as received, unread: tab-messages.ts reads them as it reads any other. */
  heard: unknown[];
}

/**
 * Starts hearing the other tabs at once, holding their messages for openTabChannel
 * (tab-messages.ts), so that a key saved in another tab, or a new tab asking for one, is not
 * missed while that code loads. undefined without BroadcastChannel (every browser the dashboard
 * supports has it): the storage fallback then starts hearing when it opens.
 */
export function hearOtherTabs(name = CHANNEL_NAME): HeardEarly | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const early: HeardEarly = { channel: new BroadcastChannel(name), heard: [] };
  early.channel.onmessage = (event: MessageEvent) => early.heard.push(event.data);
  return early;
}

export function browserStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    // Safari's private mode of old and some privacy settings throw on write, not on access.
    const probe = `${BUDGET_KEY}.probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

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
