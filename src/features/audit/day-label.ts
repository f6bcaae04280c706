import { formatDate } from '../../lib/format';
import { startOfDay } from './history';

/** "Nov 26, 2026" for a picked day, in the browser's time zone as the day was picked. */
export function dayLabel(day: string): string {
  const start = startOfDay(day);
  return start === null ? day : formatDate(new Date(start).toISOString());
}
