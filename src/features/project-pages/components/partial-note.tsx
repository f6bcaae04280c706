import { Plural, Trans } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/i18n/format';

/**
 * Says that what is shown comes from a first read still under way (docs/decisions/0098). Not a
 * live region: it changes with every page read; the read panel announces the start and the end.
 */
export function PartialNote({ read, total }: { read: number; total: number }) {
  const done = formatNumber(Math.min(read, total));
  return (
    <p className="partial-note">
      <Trans>
        <strong>Partial:</strong> from {done} of <Plural value={total} one="# report" other="# reports" /> read so far.
        It is complete when the read ends.
      </Trans>
    </p>
  );
}
