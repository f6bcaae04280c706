import { formatDateTime } from '../../lib/format';
import { formatNumber } from '../../lib/format-number';
import type { KeptCounts, Removal } from '../device-storage';
import { KEPT_KINDS } from './kept-kinds';

/** "1 project", "1,234 reports". */
export function countOf(count: number, { one, many }: { one: string; many: string }): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** "a, b and c". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What was kept, in words: "kept audits of 2 projects and results before a re-analysis of 5 reports". */
function keptInWords(counts: KeptCounts): string {
  return listInWords(
    KEPT_KINDS.filter((kind) => (counts[kind.id] ?? 0) > 0).map(
      (kind) => `${kind.label.toLowerCase()} (${countOf(counts[kind.id] ?? 0, kind.entry)})`,
    ),
  );
}

/** The notice that the browser removed what was kept, in one sentence. */
export function removalInWords(removal: Removal): string {
  const when = formatDateTime(removal.since);
  if (removal.what === 'localstorage')
    return `Since your last visit (${when}), the browser removed the dashboard’s settings on this device, such as a remembered connection.`;
  const what = keptInWords(removal.counts);
  return `Since your last visit (${when}), the browser removed what the dashboard kept on this device${what ? `: ${what}` : ''}.`;
}
