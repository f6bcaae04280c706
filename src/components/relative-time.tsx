import { formatDateTime, formatRelative } from '../lib/format';

/** "3 days ago", with the exact time in the user's locale on hover and for screen readers. */
export function RelativeTime({ iso }: { iso: string | null }) {
  if (!iso) return <span>never</span>;
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {formatRelative(iso)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
