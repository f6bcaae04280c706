import { formatDateTime, formatRelative } from '../lib/format';
import { useDisplayPrefs } from '../lib/display-prefs';

/**
 * "3 days ago", or the exact date and time where the settings say so (for touch and keyboard,
 * which have no hover); the exact time is always there for screen readers and on hover.
 */
export function RelativeTime({ iso }: { iso: string | null }) {
  const { dates } = useDisplayPrefs();
  if (!iso) return <span>never</span>;
  const exact = formatDateTime(iso);
  if (dates === 'exact') return <time dateTime={iso}>{exact}</time>;
  return (
    <time dateTime={iso} title={exact}>
      {formatRelative(iso)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
