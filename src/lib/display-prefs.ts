import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
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

/** The stored preferences, each read on its own: one that cannot be read is its default. */
const DisplayPrefsSchema: v.GenericSchema<unknown, DisplayPrefs> = v.object({
  dates: v.fallback(v.picklist(['relative', 'exact']), 'relative'),
  // A number of days, or its digits (as a form may have saved it).
  staleDays: v.fallback(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.check((days: number) => Number.isInteger(days) && days > 0),
    ),
    DEFAULT_STALE_DAYS,
  ),
});

const read = (): DisplayPrefs => v.parse(DisplayPrefsSchema, readStoredPrefs());

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
