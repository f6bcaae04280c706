import { formatCount, formatNumber } from '../../../lib/format-number';

/**
 * Says that what is shown comes from a first read still under way (docs/decisions/0098). Not a
 * live region: it changes with every page read; the read panel announces the start and the end.
 */
export function PartialNote({ read, total }: { read: number; total: number }) {
  return (
    <p className="partial-note">
      <strong>Partial:</strong> from {formatNumber(Math.min(read, total))} of {formatCount(total, 'report', 'reports')}{' '}
      read so far. It is complete when the read ends.
    </p>
  );
}
