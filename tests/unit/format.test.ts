import fc from 'fast-check';
import { formatDate, formatDateTime, formatNumber, formatRelative } from '../../src/lib/format';

// The formatters are made on first use (see format.ts): each text must be what Intl says.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
function expectedRelative(time: number, now: number): string {
  const seconds = (time - now) / 1000;
  const match = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return match ? relative.format(Math.round(seconds / match[1]), match[0]) : relative.format(0, 'minute');
}

const NOW = Date.parse('2026-11-22T12:00:00Z');
const YEARS = 3 * 365 * 24 * 3600 * 1000;
const instant = fc.integer({ min: NOW - YEARS, max: NOW + YEARS });

describe('formatRelative', () => {
  it('says what Intl says for any time', () => {
    fc.assert(
      fc.property(instant, (time) => {
        expect(formatRelative(new Date(time).toISOString(), NOW)).toBe(expectedRelative(time, NOW));
      }),
    );
  });

  it('reads the same time differently from another moment', () => {
    const iso = '2026-11-20T12:00:00Z';
    expect(formatRelative(iso, NOW)).toBe(relative.format(-2, 'day'));
    expect(formatRelative(iso, NOW + 7 * 24 * 3600 * 1000)).toBe(relative.format(-1, 'week'));
  });

  it('says never and unknown for missing and broken times', () => {
    expect(formatRelative(null, NOW)).toBe('never');
    expect(formatRelative('not a date', NOW)).toBe('unknown');
  });
});

describe('formatDateTime and formatDate', () => {
  it('say what Intl says for any time', () => {
    fc.assert(
      fc.property(instant, (time) => {
        expect(formatDateTime(new Date(time).toISOString())).toBe(exact.format(time));
        expect(formatDate(new Date(time).toISOString())).toBe(day.format(time));
      }),
    );
  });

  it('say never or unknown for missing and broken times', () => {
    expect(formatDateTime(null)).toBe('never');
    expect(formatDateTime('not a date')).toBe('unknown');
    expect(formatDate(null)).toBe('unknown');
    expect(formatDate('not a date')).toBe('unknown');
  });
});

describe('formatNumber', () => {
  it('says what Intl says', () => {
    fc.assert(
      fc.property(fc.integer(), (value) => {
        expect(formatNumber(value)).toBe(new Intl.NumberFormat().format(value));
      }),
    );
  });
});
