import * as v from 'valibot';
import { readOr } from './schema';
import { CHANNEL_NAME, type HeardEarly } from './tab-channel';

/**
 * The messages the dashboard's open tabs send each other: a connection saved, forgotten or
 * replaced, and a new tab asking for one (docs/decisions/0024-one-connection-for-every-tab.md).
 * Loaded after the first rows are on screen; what was heard before waits in a HeardEarly
 * (./tab-channel.ts).
 */

/** The storage fallback writes each message to this key and removes it at once. */
export const MESSAGE_KEY = 'seo-dashboard.tab-message';

/** localStorage, or null where it refuses writes (the storage fallback then sends nothing). */
function browserStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    // Safari's private mode of old and some privacy settings throw on write, not on access.
    const probe = `${MESSAGE_KEY}.probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** A connection as tabs hand it to each other. */
const SharedConnectionSchema = v.object({ baseUrl: v.string(), apiKey: v.string(), remember: v.boolean() });
export type SharedConnection = v.InferOutput<typeof SharedConnectionSchema>;

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

/** Another tab may run another version of the dashboard: only well-formed messages count. */
const TabMessageSchema: v.GenericSchema<unknown, TabMessage> = v.union([
  v.object({
    topic: v.literal('connection'),
    connection: v.nullable(SharedConnectionSchema),
    reason: v.picklist(CONNECTION_REASONS),
  }),
  v.object({ topic: v.literal('connection-wanted') }),
]);

export const parseTabMessage = (value: unknown): TabMessage | null => readOr(TabMessageSchema, value, null);

/** Opens the channel to the other tabs of this dashboard (same origin). */
export function openTabChannel(name = CHANNEL_NAME, early?: HeardEarly): TabChannel {
  const listeners = new Set<(message: TabMessage) => void>();
  // Messages heard before anyone listens wait for the first listener (they may say that the
  // connection changed, or ask for it): the code that listens loads after the page starts.
  let held: unknown[] | undefined = early ? [...early.heard] : [];
  const deliver = (data: unknown) => {
    if (held) {
      held.push(data);
      return;
    }
    const message = parseTabMessage(data);
    if (message) listeners.forEach((listener) => listener(message));
  };
  const subscribe = (listener: (message: TabMessage) => void) => {
    listeners.add(listener);
    const waiting = held;
    held = undefined;
    waiting?.forEach(deliver);
    return () => listeners.delete(listener);
  };

  if (early || typeof BroadcastChannel === 'function') {
    const channel = early?.channel ?? new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe,
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
    subscribe,
    close: () => window.removeEventListener('storage', onStorage),
    inMemory: false,
  };
}
