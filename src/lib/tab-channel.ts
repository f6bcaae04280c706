/**
 * Everything the dashboard's open tabs must agree on goes through this module: the messages
 * they send each other (over BroadcastChannel, or storage events where it is missing), and the
 * records they share in localStorage, changed under a Web Lock so that two tabs never
 * interleave a read and a write. Where locks or storage are missing (old browsers, disabled
 * storage, jsdom) there is no shared record: each tab keeps its own, as before.
 * See docs/decisions/0024-one-connection-for-every-tab.md and 0025-one-request-budget.md.
 */

const CHANNEL_NAME = 'seo-dashboard';
/** The storage fallback writes each message to this key and removes it at once. */
const MESSAGE_KEY = 'seo-dashboard.tab-message';
/** The request budget shared by every tab: recent request start times and any pause. */
export const BUDGET_KEY = 'seo-dashboard.request-budget';

/** A connection as tabs hand it to each other. */
export interface SharedConnection {
  baseUrl: string;
  apiKey: string;
  remember: boolean;
}

const CONNECTION_REASONS = ['saved', 'replaced-key', 'answered'] as const;
export type ConnectionReason = (typeof CONNECTION_REASONS)[number];

export type TabMessage =
  /**
   * The connection of every open tab (null: none, the demo), because a tab
   * - `saved` or forgot it: every other tab follows;
   * - `replaced-key`: the same service with a new key, from the "Replace key" dialog;
   * - `answered` a tab opened later that asked for it.
   */
  | { topic: 'connection'; connection: SharedConnection | null; reason: ConnectionReason }
  /** A tab just opened without a stored connection asks whether the open tabs share one. */
  | { topic: 'connection-wanted' };

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
  /**
   * True when messages stay in memory (BroadcastChannel). The storage fallback writes them to
   * localStorage for a moment, so nothing secret that is not already stored may be sent over it.
   */
  readonly inMemory: boolean;
}

function parseConnection(value: unknown): SharedConnection | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const { baseUrl, apiKey, remember } = value as Record<string, unknown>;
  if (typeof baseUrl !== 'string' || typeof apiKey !== 'string' || typeof remember !== 'boolean') return undefined;
  return { baseUrl, apiKey, remember };
}

/** Another tab may run another version of the dashboard: only well-formed messages count. */
export function parseTabMessage(value: unknown): TabMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.topic === 'connection-wanted') return { topic: 'connection-wanted' };
  if (record.topic !== 'connection') return null;
  const connection = parseConnection(record.connection);
  const reason = CONNECTION_REASONS.find((known) => known === record.reason);
  if (connection === undefined || reason === undefined) return null;
  return { topic: 'connection', connection, reason };
}

function browserStorage(): Storage | null {
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

/** Opens the channel to the other tabs of this dashboard (same origin). */
export function openTabChannel(name = CHANNEL_NAME): TabChannel {
  const listeners = new Set<(message: TabMessage) => void>();
  const deliver = (data: unknown) => {
    const message = parseTabMessage(data);
    if (message) listeners.forEach((listener) => listener(message));
  };

  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => channel.close(),
      inMemory: true,
    };
  }

  // Storage events reach every other tab of the origin (never the writing one).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MESSAGE_KEY || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message?: unknown }).message);
    } catch {
      // Not ours, or not JSON: ignore.
    }
  };
  window.addEventListener('storage', onStorage);
  const storage = browserStorage();
  return {
    post(message) {
      // The nonce makes two equal messages in a row two events.
      storage?.setItem(MESSAGE_KEY, JSON.stringify({ message, nonce: Math.random() }));
      storage?.removeItem(MESSAGE_KEY);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => window.removeEventListener('storage', onStorage),
    inMemory: false,
  };
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
