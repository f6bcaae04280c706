import { useSyncExternalStore } from 'react';

/**
 * The saved connection: the demo simulator, or a real service with its base URL and API key.
 * "Remember on this device" keeps it in localStorage; otherwise each open tab keeps it in its
 * sessionStorage, and it is forgotten when the dashboard's tabs are closed. No stored connection
 * means the demo.
 *
 * Every open tab has the same connection: a save or forget in one reaches all of them at once
 * (tab-sync.ts; docs/decisions/0024-one-connection-for-every-tab.md). Changes: ./connection-changes.ts.
 */
export type Connection = { mode: 'demo' } | { mode: 'service'; baseUrl: string; apiKey: string; remember: boolean };

/** Why the connection last changed, for what the app must do about it. */
export interface ConnectionChange {
  /**
   * - `start`: as read from storage when the page opened;
   * - `here`: saved or forgotten in this tab;
   * - `elsewhere`: another tab saved or forgot it;
   * - `joined`: this tab, opened without a stored connection, took the one the open tabs share.
   */
  origin: 'start' | 'here' | 'elsewhere' | 'joined';
  /** The same service with a new key ("Replace key"): work in progress on the page stays. */
  keyReplaced: boolean;
  /**
   * Counts the changes after which nothing prepared under the old connection may stay on the
   * page (a change from another tab that is not a key replacement): the app remounts its pages
   * when it moves.
   */
  generation: number;
}

export const STORAGE_KEY = 'seo-dashboard.connection';
export const DEMO: Connection = { mode: 'demo' };

/**
 * Read by hand, not with the schema library (docs/decisions/0094): the first request of /reports
 * waits for the connection, so this is in the first paint.
 */
function readFrom(storageOf: () => Storage, remember: boolean): Connection | null {
  try {
    // Asked inside: where site data is blocked, the browser throws on the property itself.
    const raw = storageOf().getItem(STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.apiKey !== 'string' || typeof record.baseUrl !== 'string') return null;
    return { mode: 'service', baseUrl: record.baseUrl, apiKey: record.apiKey, remember };
  } catch {
    // Storage can be disabled (privacy settings) or hold garbage: fall back to the demo.
    return null;
  }
}

function readConnection(): Connection {
  return readFrom(() => sessionStorage, false) ?? readFrom(() => localStorage, true) ?? DEMO;
}

let current: Connection = readConnection();
let change: ConnectionChange = { origin: 'start', keyReplaced: false, generation: 0 };
const listeners = new Set<() => void>();

/**
 * Makes `next` the connection of this tab and tells whoever follows it. Changes are made, and
 * stored, by ./connection-changes.ts: only the settings page and the other tabs make them, so
 * their code stays out of the first paint of /reports (docs/decisions/0027).
 */
export function applyConnection(next: Connection, origin: ConnectionChange['origin'], keyReplaced: boolean) {
  current = next;
  const dropsWork = (origin === 'elsewhere' || origin === 'joined') && !keyReplaced;
  change = { origin, keyReplaced, generation: change.generation + (dropsWork ? 1 : 0) };
  listeners.forEach((listener) => listener());
}

export function getConnection(): Connection {
  return current;
}

export function getConnectionChange(): ConnectionChange {
  return change;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

export function useConnectionChange(): ConnectionChange {
  return useSyncExternalStore(subscribeConnection, getConnectionChange, getConnectionChange);
}

/** Re-reads storage; for tests that prepare storage before rendering. */
export function reloadConnectionFromStorage(): void {
  current = readConnection();
  change = { origin: 'start', keyReplaced: false, generation: change.generation };
  listeners.forEach((listener) => listener());
}
