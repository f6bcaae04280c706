import fc from 'fast-check';
import { formatDateTime, formatRelative } from '../../src/lib/format';

// The texts are cached (a 100-row list formats two dates a row); a cached text must be exactly
// what Intl says for that input, whatever was formatted before it.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
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
  it('says what Intl says for any time, again and again', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 30 }), (times) => {
        for (const time of [...times, ...times]) {
          const iso = new Date(time).toISOString();
          expect(formatRelative(iso, NOW)).toBe(expectedRelative(time, NOW));
        }
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

describe('formatDateTime', () => {
  it('says what Intl says for any time, again and again', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 30 }), (times) => {
        for (const time of [...times, ...times])
          expect(formatDateTime(new Date(time).toISOString())).toBe(exact.format(time));
      }),
    );
  });

  it('says never and unknown for missing and broken times', () => {
    expect(formatDateTime(null)).toBe('never');
    expect(formatDateTime('not a date')).toBe('unknown');
  });
});
