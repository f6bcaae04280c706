/** Formatting in the user's locale and time zone; the browser's Intl does the work. */

/**
 * Intl's first use loads the locale's data, which takes tens of milliseconds (more on a slow
 * phone). Made when this module loaded, that sat in the start-up task before the page's first
 * request was sent. The formatters are made on first use instead, and ahead of it once that
 * task is over, so the data loads while the first request is on its way.
 */
let formats:
  | {
      relative: Intl.RelativeTimeFormat;
      dateTime: Intl.DateTimeFormat;
      date: Intl.DateTimeFormat;
      number: Intl.NumberFormat;
    }
  | undefined;
function intl() {
  formats ??= {
    relative: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }),
    dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
    number: new Intl.NumberFormat(),
  };
  return formats;
}
setTimeout(intl, 0);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function formatRelative(iso: string | null, now: number = Date.now()): string {
  if (!iso) return 'never';
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(seconds)) return 'unknown';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return intl().relative.format(Math.round(seconds / size), unit);
  }
  return intl().relative.format(0, 'minute');
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return 'never';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'unknown' : intl().dateTime.format(time);
}

export function formatDate(iso: string | null): string {
  if (!iso) return 'unknown';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'unknown' : intl().date.format(time);
}

export function formatNumber(value: number): string {
  return intl().number.format(value);
}
