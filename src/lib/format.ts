/** Formatting in the user's locale and time zone; the browser's Intl does the work. */

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

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
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(0, 'minute');
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return 'never';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'unknown' : dateTimeFormat.format(time);
}

export function formatDate(iso: string | null): string {
  if (!iso) return 'unknown';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'unknown' : dateFormat.format(time);
}

const numberFormat = new Intl.NumberFormat();
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
