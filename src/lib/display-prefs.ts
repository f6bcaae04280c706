import { useSyncExternalStore } from 'react';

/**
 * How dates read and when a report counts as stale, chosen on the settings page and remembered on
 * this device. Read by every row, so kept in memory and read from storage once per visit (a
 * change in another tab shows here on the next visit: this module is in the first paint, and
 * kept to what the rows need).
 */
export interface DisplayPrefs {
  /** "3 days ago", or the exact date and time. */
  dates: 'relative' | 'exact';
  /** Reports generated longer ago than this carry a "Stale" marker (lib/staleness.ts). */
  staleDays: number;
}

export const DEFAULT_STALE_DAYS = 30;
const KEY = 'seo-dashboard:display';
const listeners = new Set<() => void>();
let current: DisplayPrefs | undefined;

function read(): DisplayPrefs {
  let stored: Partial<DisplayPrefs> = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DisplayPrefs>;
  } catch {
    // Unreadable or blocked storage: the defaults.
  }
  const days = Number(stored.staleDays);
  return {
    dates: stored.dates === 'exact' ? 'exact' : 'relative',
    staleDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_STALE_DAYS,
  };
}

const snapshot = () => (current ??= read());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplayPrefs(): DisplayPrefs {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function saveDisplayPrefs(change: Partial<DisplayPrefs>): void {
  current = { ...snapshot(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Applied for this visit only.
  }
  listeners.forEach((listener) => listener());
}
