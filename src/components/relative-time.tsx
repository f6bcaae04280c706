import { useLingui } from '@lingui/react/macro';
import { momentInWords } from '../lib/i18n/format';
import type { Locale } from '../lib/i18n/locales';
import { exactDates } from '../lib/stored-display-prefs';

/**
 * "3 days ago", "vor 3 Tagen", or the exact date and time where the settings say so (for touch and
 * keyboard, which have no hover); the exact time is always there for screen readers and on hover.
 * The setting changes on the settings page, where no date shows: read at render, not followed.
 */
export function RelativeTime({ iso }: { iso: string | null }) {
  const { t, i18n } = useLingui();
  if (!iso) return <span>{t`never`}</span>;
  const { exact, relative } = momentInWords(iso, i18n.locale as Locale);
  if (exactDates()) return <time dateTime={iso}>{exact}</time>;
  return (
    <time dateTime={iso} title={exact}>
      {relative}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
