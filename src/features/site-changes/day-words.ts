import { formatDate } from '../../lib/i18n/format';
import { startOfDay } from '../audit';

/**
 * A picked day ("2026-11-26") in the language on screen (lib/i18n/format.ts): "Nov 26, 2026",
 * "26.11.2026", in the browser's time zone as the day was picked; as given when it is not a day.
 * For components that call `useLingui()`, and so say it again on a switch.
 */
export function dayInWords(day: string): string {
  const start = startOfDay(day);
  return (start === null ? null : formatDate(start)) ?? day;
}
