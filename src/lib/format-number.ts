import { groupDigits } from './format';

/**
 * "1,234.568": thousands separated, at most `maxFractionDigits` decimals, as Intl's en-US format
 * writes it (see ./format.ts for why not Intl; the unit tests hold it to Intl's output).
 */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  const abs = Math.abs(value);
  // NaN, infinities, and numbers JavaScript itself writes with an exponent: as it writes them.
  if (!(abs < 1e21)) return String(value);
  // Fractions are rounded half up from their shortest decimal form, as Intl rounds (1.005 →
  // 1.01, where toFixed says 1.00: the double is a hair under 1.005). Below 1e-6 that form has
  // an exponent, and the number rounds to 0 anyway.
  const rounded = Number.isInteger(abs)
    ? abs
    : abs < 1e-6
      ? 0
      : Number(`${Math.round(Number(`${abs}e${maxFractionDigits}`))}e-${maxFractionDigits}`);
  const [whole = '', decimals] = String(rounded).split('.');
  return `${value < 0 && rounded > 0 ? '-' : ''}${groupDigits(whole)}${decimals ? `.${decimals}` : ''}`;
}
