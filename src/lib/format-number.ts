import { groupDigits } from './format';

/**
 * "1,234.568": thousands separated, at most `maxFractionDigits` decimals, as Intl's en-US format
 * writes it (see ./format.ts for why not Intl; the unit tests hold it to Intl's output).
 */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  const abs = Math.abs(value);
  // NaN, infinities, and numbers JavaScript itself writes with an exponent: as it writes them.
  if (!(abs < 1e21)) return String(value);
  const [whole = '0', decimals = ''] = roundShortestForm(abs, maxFractionDigits).split('.');
  const zero = /^0*$/.test(whole + decimals);
  return `${value < 0 && !zero ? '-' : ''}${groupDigits(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** "1 report", "1,234 reports": a count with its noun, singular for exactly one. */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** "1 page", "1,234 pages": what most of the audit's sentences count. */
export function formatPages(count: number): string {
  return formatCount(count, 'page', 'pages');
}

/**
 * "12.35" for 12.345 and 2 places, without trailing zeros: rounded half up from the number's
 * shortest decimal form, as Intl rounds (1.005 → 1.01, where toFixed says 1.00: the double is a
 * hair under 1.005). On the digits, not by scaling: 366471094237.51447 × 1000 is a double that
 * ends in .5, and would round up.
 */
function roundShortestForm(abs: number, places: number): string {
  const shortest = plainDecimals(abs);
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= places) return shortest;
  const roundsUp = (fraction[places] ?? '0') >= '5';
  const digits = String(BigInt(whole + fraction.slice(0, places)) + (roundsUp ? 1n : 0n)).padStart(places + 1, '0');
  const point = digits.length - places;
  const decimals = digits.slice(point).replace(/0+$/, '');
  return decimals ? `${digits.slice(0, point)}.${decimals}` : digits.slice(0, point);
}

/** "0.0000005" where String() writes 5e-7 (under 1e-6); other numbers under 1e21 as String() writes them. */
function plainDecimals(abs: number): string {
  const [digits = '', exponent] = String(abs).split('e-');
  return exponent ? `0.${'0'.repeat(Number(exponent) - 1)}${digits.replace('.', '')}` : digits;
}
