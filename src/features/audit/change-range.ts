import { addDays, dayOf, endOfDay, startOfDay } from './history';

/**
 * The two days a change report compares, read from the address bar (`from`, `to`: YYYY-MM-DD),
 * with words for whatever was wrong there. Nothing in the address bar can make the page blank:
 * a day that is not one is replaced by the default, days in the wrong order are turned round.
 */

export const DEFAULT_RANGE_DAYS = 30;

export interface ChangeRange {
  from: string;
  to: string;
  /** The end of each day (epoch ms): the states compared are those at these moments. */
  fromAt: number;
  toAt: number;
  /** What was wrong in the address bar and what is shown instead, in words. */
  notices: string[];
}

/** The default: the last 30 days, to today. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -DEFAULT_RANGE_DAYS), to: today };
}

/** Shown back as it came, but never as a wall of text. */
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

export function readChangeRange(search: URLSearchParams, now: number): ChangeRange {
  const today = dayOf(now);
  const fallback = defaultRange(today);
  const notices: string[] = [];
  const read = (name: 'from' | 'to', label: string): string => {
    const raw = search.get(name);
    if (raw === null || raw === '') return fallback[name];
    if (startOfDay(raw) !== null) return raw;
    notices.push(`The ${label} date in the address, ${quoted(raw)}, is not a date: ${fallback[name]} is used instead.`);
    return fallback[name];
  };
  let from = read('from', 'first');
  let to = read('to', 'second');
  if (from > to) {
    [from, to] = [to, from];
    notices.push(`The dates were in the wrong order: the report compares ${from} with ${to}.`);
  }
  return { from, to, fromAt: endOfDay(from) as number, toAt: endOfDay(to) as number, notices };
}

/** The query string of a range. */
export function rangeSearch(from: string, to: string, extra?: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ from, to, ...extra });
}
