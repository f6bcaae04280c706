import { applyConnection, DEMO, getConnection, STORAGE_KEY, type Connection } from './connection';

/**
 * Saving, replacing and forgetting the connection, here or as another tab did (./connection.ts
 * holds the current one). Loaded with the settings page and the tab sync, not with the first paint.
 */

function safely(action: () => void) {
  try {
    action();
  } catch {
    // A full or disabled storage must not break saving: the connection still applies to this page.
  }
}

function store(next: Connection, { shareStorage }: { shareStorage: boolean }) {
  safely(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    // localStorage is shared: the tab that made the change writes it; the others only read it.
    if (shareStorage) localStorage.removeItem(STORAGE_KEY);
    if (next.mode !== 'service') return;
    const stored = JSON.stringify({ baseUrl: next.baseUrl, apiKey: next.apiKey });
    if (!next.remember) sessionStorage.setItem(STORAGE_KEY, stored);
    else if (shareStorage) localStorage.setItem(STORAGE_KEY, stored);
  });
}

export function saveConnection(next: { baseUrl: string; apiKey: string; remember: boolean }): void {
  const connection: Connection = { mode: 'service', ...next };
  store(connection, { shareStorage: true });
  applyConnection(connection, 'here', false);
}

/**
 * The service rejected the key and the person gave a new one for the same service: saved as
 * the old one was (same base URL, same storage), and what is on the page stays.
 */
export function replaceApiKey(apiKey: string): void {
  const current = getConnection();
  if (current.mode !== 'service') return;
  const connection: Connection = { ...current, apiKey };
  store(connection, { shareStorage: true });
  applyConnection(connection, 'here', true);
}

/** Forgets the key everywhere: back to the demo. */
export function forgetConnection(): void {
  store(DEMO, { shareStorage: true });
  applyConnection(DEMO, 'here', false);
}

/**
 * Another tab changed the connection (see tab-sync.ts): this tab takes it, keeping a key that is
 * not remembered in its own sessionStorage (localStorage was written by the tab that saved).
 */
export function adoptFromOtherTab(next: Connection, origin: 'elsewhere' | 'joined', keyReplaced: boolean): void {
  store(next, { shareStorage: false });
  applyConnection(next, origin, keyReplaced);
}
