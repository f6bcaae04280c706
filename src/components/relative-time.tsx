import { formatDateTime, formatRelative } from '../lib/format';
import { exactDates } from '../lib/stored-display-prefs';

/**
 * "3 days ago", or the exact date and time where the settings say so (for touch and keyboard,
 * which have no hover); the exact time is always there for screen readers and on hover. The
 * setting changes on the settings page, where no date shows: read at render, not followed.
 */
export function RelativeTime({ iso }: { iso: string | null }) {
  if (!iso) return <span>never</span>;
  const exact = formatDateTime(iso);
  if (exactDates()) return <time dateTime={iso}>{exact}</time>;
  return (
    <time dateTime={iso} title={exact}>
      {formatRelative(iso)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
