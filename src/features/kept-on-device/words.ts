import { plural, t } from '@lingui/core/macro';
import { formatDateTime, formatList, formatNumber } from '../../lib/i18n/format';
import type { KeptCounts, Removal } from '../device-storage';
import { KEPT_KINDS } from './kept-kinds';

/*
 * This part's sentences built from figures, in the language on screen: each asks Lingui when
 * called, from a component that calls `useLingui()` (and so says them again on a switch).
 */

/** "12 bytes", "3.4 kB", "1.2 MB", "2.5 GB", "3,4 kB": decimal units, as the browser's own settings count. */
export function sizeInWords(bytes: number): string {
  if (bytes >= 1e9) {
    const size = formatNumber(bytes / 1e9, 1);
    return t({ message: `${size} GB`, comment: 'A size in gigabytes (10⁹ bytes)' });
  }
  if (bytes >= 1e6) {
    const size = formatNumber(bytes / 1e6, 1);
    return t({ message: `${size} MB`, comment: 'A size in megabytes (10⁶ bytes)' });
  }
  if (bytes >= 1e3) {
    const size = formatNumber(bytes / 1e3, 1);
    return t({ message: `${size} kB`, comment: 'A size in kilobytes (1000 bytes)' });
  }
  const count = Math.max(0, Math.round(bytes));
  return plural(count, { one: '# byte', other: '# bytes' });
}

/** "a and b", "a und b", "a и b". */
export function listInWords(parts: readonly string[]): string {
  return formatList(parts);
}

/** What was kept, in words: "kept audits (2 projects) and results before a re-analysis (5 reports)". */
function keptInWords(counts: KeptCounts): string {
  return listInWords(
    KEPT_KINDS.filter((kind) => (counts[kind.id] ?? 0) > 0).map((kind) => kind.inSentence(counts[kind.id] ?? 0)),
  );
}

/** The notice that the browser removed what was kept, in one sentence. */
export function removalInWords(removal: Removal): string {
  const when = formatDateTime(removal.since) ?? removal.since;
  if (removal.what === 'localstorage')
    return t`Since your last visit (${when}), the browser removed the dashboard’s settings on this device, such as a remembered connection.`;
  const what = keptInWords(removal.counts);
  return what
    ? t`Since your last visit (${when}), the browser removed what the dashboard kept on this device: ${what}.`
    : t`Since your last visit (${when}), the browser removed what the dashboard kept on this device.`;
}
