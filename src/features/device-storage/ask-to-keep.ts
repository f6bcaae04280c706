/**
 * Asking the browser to keep what the dashboard keeps (`navigator.storage.persist()`): without
 * the promise, a browser short of space may remove an origin's IndexedDB whole, and with it the
 * results before a re-analysis, which nothing else holds. Asked when the analyst first keeps
 * something (the audit's first read, the first results before a re-analysis, the workspace), once
 * per page and, unless the settings page asks again, once per device: where the browser asks the
 * person (Firefox), it would otherwise ask on every visit. Safe where the API is missing.
 *
 * Imported by the stores that keep things: nothing here may weigh (no schema library, no channel).
 */

/** Where this device remembers that it was asked (the time, in ISO). */
export const ASKED_KEY = 'seo-dashboard.storage-asked';

/** The part of `navigator.storage` this needs; absent where the browser has none. */
type StorageManagerLike = Partial<Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>>;

export function storageManager(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined);
}

function askedBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(ASKED_KEY) != null;
  } catch {
    return false;
  }
}

function rememberAsked(): void {
  try {
    globalThis.localStorage?.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    // Not remembered: the next visit asks again, which is harmless.
  }
}

async function ask(again: boolean): Promise<boolean> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    if (!again && askedBefore()) return false;
    rememberAsked();
    return await storage.persist();
  } catch {
    return false;
  }
}

let asking: Promise<boolean> | undefined;

/**
 * Asks the browser to keep this origin's storage, the first time it is called in a page (later
 * calls get the same answer): true when the browser promised. Never throws.
 */
export function askToKeepStorage(): Promise<boolean> {
  asking ??= ask(false);
  return asking;
}

/** Asks again, even if this device was asked before: the settings page's button. */
export function askAgainToKeepStorage(): Promise<boolean> {
  asking = ask(true);
  return asking;
}

/** Whether the browser promised to keep it: undefined where it cannot say. */
export async function isStorageKept(): Promise<boolean | undefined> {
  const storage = storageManager();
  if (typeof storage?.persisted !== 'function') return undefined;
  try {
    return await storage.persisted();
  } catch {
    return undefined;
  }
}

/** For tests: a new page, that has not asked yet. */
export function forgetAskingInThisPage(): void {
  asking = undefined;
}
