/**
 * Dates, times and numbers as the dashboard shows them: in English, as Intl's en-US formats
 * write them ("Nov 20, 2026, 10:05 AM", "2 days ago", "1,234"), in the browser's time zone.
 *
 * Written by hand rather than with Intl: the first use of Intl on a page loads the locale's
 * data, one task of about 35 ms here and 150 ms with the CPU slowed 4x, before the first rows
 * could show; that one task was half of the blocking time Lighthouse counted on a report page
 * (docs/decisions/0047). The unit tests hold every function to Intl's en-US output.
 *
 * Numbers with decimals are in ./format-number.ts: the first rows need none of that (the
 * relative dates' counts are whole numbers).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const UNITS: [unit: string, seconds: number][] = [
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
  const match = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  if (!match) return 'this minute';
  const [unit, size] = match;
  const count = Math.round(seconds / size);
  // One day, week, month or year away has a word of its own in en-US ("yesterday", "next week").
  if (Math.abs(count) === 1 && size > 3600) {
    if (unit === 'day') return count < 0 ? 'yesterday' : 'tomorrow';
    return `${count < 0 ? 'last' : 'next'} ${unit}`;
  }
  const amount = `${groupDigits(String(Math.abs(count)))} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
  return count < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "10:05 AM", in the browser's time zone. */
export function formatTime(time: number | Date): string {
  const date = new Date(time);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An ISO date as the API writes it, or milliseconds since 1970 as `Date.now()` gives them. */
type Moment = string | number;
const timeOf = (moment: Moment | null) => (typeof moment === 'number' ? moment : moment ? Date.parse(moment) : NaN);

/** "Nov 20, 2026, 10:05 AM"; 'never' without a time. */
export function formatDateTime(moment: Moment | null): string {
  if (moment === null || moment === '') return 'never';
  const day = formatDate(moment);
  return day === 'unknown' ? day : `${day}, ${formatTime(timeOf(moment))}`;
}

/** "Nov 20, 2026". */
export function formatDate(moment: Moment | null): string {
  const date = new Date(timeOf(moment));
  return Number.isNaN(date.getTime())
    ? 'unknown'
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "1234567" → "1,234,567": the digits of a whole number in groups of three. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
