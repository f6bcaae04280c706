import { t } from '@lingui/core/macro';
import { formatDate, formatDateTime } from '../../lib/i18n/format';

/*
 * The report's dates in the language on screen (lib/i18n/format.ts), for components that call
 * `useLingui()` and so say them again on a switch. The service may send no date, or one that
 * cannot be read: each is said in words.
 */

/** "Nov 20, 2026, 10:05 AM", "20.11.2026, 10:05"; "never" without a moment. */
export function dateTimeInWords(moment: string | null | undefined): string {
  if (!moment) return t`never`;
  return formatDateTime(moment) ?? t`unknown`;
}

/** "Nov 20, 2026", "20.11.2026"; "never" without a moment. */
export function dateInWords(moment: string | null | undefined): string {
  if (!moment) return t`never`;
  return formatDate(moment) ?? t`unknown`;
}
