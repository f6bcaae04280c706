// @vitest-environment node
import fc from 'fast-check';
import { formatDate, formatDateTime, formatRelative, formatTime } from '../../src/lib/format';
import { formatCount, formatNumber, formatPages } from '../../src/lib/format-number';

// format.ts writes by hand what Intl's en-US formats write (it keeps Intl off the first paint):
// Intl is the oracle here.
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
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
        expect(formatTime(time)).toBe(clock.format(time));
      }),
    );
  });

  it('take a time in milliseconds as well as an ISO date', () => {
    fc.assert(
      fc.property(instant, (time) => {
        expect(formatDateTime(time)).toBe(exact.format(time));
        expect(formatDate(time)).toBe(day.format(time));
      }),
    );
    expect(formatDateTime(Number.NaN)).toBe('unknown');
    expect(formatDate(Number.NaN)).toBe('unknown');
  });

  it('say never or unknown for missing and broken times', () => {
    expect(formatDateTime(null)).toBe('never');
    expect(formatDateTime('not a date')).toBe('unknown');
    expect(formatDate(null)).toBe('unknown');
    expect(formatDate('not a date')).toBe('unknown');
  });
});

describe('formatNumber', () => {
  const intl = (places: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: places });

  it('says what Intl says for whole numbers', () => {
    fc.assert(
      fc.property(fc.integer(), (value) => {
        expect(formatNumber(value)).toBe(intl(3).format(value));
      }),
    );
  });

  it('rounds decimals as Intl does, from the shortest decimal form', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (value, places) => {
          expect(formatNumber(value, places)).toBe(intl(places).format(value).replace(/^-0$/, '0'));
        },
      ),
      { numRuns: 2000 },
    );
    // Doubles a hair under a half: toFixed rounds them down, Intl (and formatNumber) up.
    for (const [value, places] of [
      [1.005, 2],
      [0.285, 2],
      [2.675, 2],
      [1.45, 1],
      [-0.0005, 3],
      [999.9996, 3],
      // Large enough that the number times 1,000 is no longer held to the thousandth (found by
      // the property above in CI): 366471094237514.47 is stored as …514.5, and rounded up.
      [-366471094237.51447, 3],
      [366471094237.51447, 3],
      // Under 1e-6 String() writes an exponent (5e-7).
      [5e-7, 6],
      [-0.0000012345, 9],
    ] as const)
      expect(formatNumber(value, places)).toBe(intl(places).format(value).replace(/^-0$/, '0'));
  });

  it('writes large whole numbers as Intl does, up to where JavaScript itself turns to exponents', () => {
    for (const value of [2 ** 53 + 2, 2 ** 60, 1e20, -123456789012345680000])
      expect(formatNumber(value, 2)).toBe(intl(2).format(value));
  });

  it('writes what is not a finite number as JavaScript does, and never a minus zero', () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) expect(formatNumber(value)).toBe(String(value));
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.0004)).toBe('0');
  });
});

describe('formatCount', () => {
  it('says one in the singular, every other count in the plural, with its digits grouped', () => {
    expect(formatCount(1, 'report', 'reports')).toBe('1 report');
    expect(formatCount(0, 'report', 'reports')).toBe('0 reports');
    expect(formatCount(1234, 'page', 'pages')).toBe('1,234 pages');
  });

  it("counts pages, the audit's usual unit, the same way", () => {
    expect(formatPages(1)).toBe('1 page');
    expect(formatPages(2048)).toBe('2,048 pages');
  });
});
