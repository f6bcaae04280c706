import { useSyncExternalStore } from 'react';
import { DISPLAY_PREFS_KEY, forgetExactDates, readStoredPrefs } from './stored-display-prefs';

/**
 * How dates read and when a report counts as stale, chosen on the settings page and remembered on
 * this device; kept in memory, read from storage once per visit (a change in another tab shows
 * on the next visit). Loads after the first paint, which reads only whether dates are exact
 * (lib/stored-display-prefs.ts).
 */
export interface DisplayPrefs {
  /** "3 days ago", or the exact date and time. */
  dates: 'relative' | 'exact';
  /** Reports generated longer ago than this carry a "Stale" marker (lib/staleness.ts). */
  staleDays: number;
}

export const DEFAULT_STALE_DAYS = 30;
const listeners = new Set<() => void>();
let current: DisplayPrefs | undefined;

function read(): DisplayPrefs {
  const stored = readStoredPrefs();
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
    localStorage.setItem(DISPLAY_PREFS_KEY, JSON.stringify(current));
  } catch {
    // Applied for this visit only.
  }
  forgetExactDates();
  listeners.forEach((listener) => listener());
}
