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

/**
 * Intl's formatting is slow enough to show in a 100-row list (two dates a row, formatted again
 * whenever a row renders): each distinct text is made once. The caches are emptied when large,
 * so a long session does not grow them without end.
 */
function memoised<K, V>(make: (key: K) => V, limit = 2000): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

const relativeText = memoised((amount: string) => {
  const [count, unit] = amount.split(' ') as [string, Intl.RelativeTimeFormatUnit];
  return relativeFormat.format(Number(count), unit);
});

export function formatRelative(iso: string | null, now: number = Date.now()): string {
  if (!iso) return 'never';
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(seconds)) return 'unknown';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeText(`${Math.round(seconds / size)} ${unit}`);
  }
  return relativeText('0 minute');
}

const dateTimeText = memoised((iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'unknown' : dateTimeFormat.format(time);
});

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeText(iso) : 'never';
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
