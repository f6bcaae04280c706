import { storageManager } from './ask-to-keep';

/**
 * What the browser counts for this origin (`navigator.storage.estimate()`): everything it stores
 * for the dashboard, its own figure (it may round or pad it), and what it allows at most.
 */
export interface BrowserEstimate {
  usage: number;
  quota: number;
  /** IndexedDB's share, where the browser tells (Chromium's `usageDetails`). */
  indexedDb?: number;
}

const isSize = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** undefined where the browser cannot say. */
export async function browserEstimate(): Promise<BrowserEstimate | undefined> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return undefined;
  try {
    const estimate = (await storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: unknown } };
    if (!isSize(estimate.usage) || !isSize(estimate.quota)) return undefined;
    const indexedDb = estimate.usageDetails?.indexedDB;
    return { usage: estimate.usage, quota: estimate.quota, ...(isSize(indexedDb) ? { indexedDb } : {}) };
  } catch {
    return undefined;
  }
}
