import { useSyncExternalStore } from 'react';

/**
 * The saved connection: the demo simulator, or a real service with its base URL and API key.
 * "Remember on this device" keeps it in localStorage; otherwise sessionStorage (this tab only).
 * No stored connection means the demo.
 */
export type Connection = { mode: 'demo' } | { mode: 'service'; baseUrl: string; apiKey: string; remember: boolean };

const STORAGE_KEY = 'seo-dashboard.connection';
const DEMO: Connection = { mode: 'demo' };

function readFrom(storage: Storage): Connection | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.apiKey !== 'string' || typeof record.baseUrl !== 'string') return null;
    return { mode: 'service', baseUrl: record.baseUrl, apiKey: record.apiKey, remember: storage === localStorage };
  } catch {
    // Storage can be disabled (privacy settings) or hold garbage: fall back to the demo.
    return null;
  }
}

function readConnection(): Connection {
  return readFrom(sessionStorage) ?? readFrom(localStorage) ?? DEMO;
}

let current: Connection = readConnection();
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function safely(action: () => void) {
  try {
    action();
  } catch {
    // A full or disabled storage must not break saving: the connection still applies to this page.
  }
}

export function getConnection(): Connection {
  return current;
}

export function saveConnection(next: { baseUrl: string; apiKey: string; remember: boolean }): void {
  const stored = JSON.stringify({ baseUrl: next.baseUrl, apiKey: next.apiKey });
  safely(() => {
    localStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    (next.remember ? localStorage : sessionStorage).setItem(STORAGE_KEY, stored);
  });
  current = { mode: 'service', ...next };
  emit();
}

/** Forgets the key everywhere: back to the demo. */
export function forgetConnection(): void {
  safely(() => {
    localStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  });
  current = DEMO;
  emit();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Another tab saved or forgot a remembered key: follow it, so two tabs never disagree. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const next = readConnection();
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    emit();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

/** Re-reads storage; for tests that prepare storage before rendering. */
export function reloadConnectionFromStorage(): void {
  current = readConnection();
  emit();
}
