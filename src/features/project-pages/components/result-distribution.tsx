import { useLingui } from '@lingui/react/macro';
import { RATINGS, type Rating } from '../../../api';
import { formatNumber, formatPercent } from '../../../lib/i18n/format';
import { notRated, RATING_LABELS } from '../../../lib/rating';

export interface DistributionCounts {
  good: number;
  decent: number;
  bad: number;
  /** All of the project's reports; more than the three together when some have no score. */
  total: number;
}

function percent(count: number, total: number): string {
  return formatPercent(total > 0 ? count / total : 0);
}

/**
 * How a project's reports split into good / decent / bad. The bar is decoration (aria-hidden);
 * the list beside it says the same in words and numbers, so neither colour nor the picture
 * carries meaning alone.
 */
export function ResultDistribution({
  counts,
  busy,
  label,
}: {
  counts: DistributionCounts;
  busy: boolean;
  /** What is counted, for the legend's accessible name. */
  label?: string;
}) {
  const { t } = useLingui();
  const unrated = Math.max(0, counts.total - counts.good - counts.decent - counts.bad);
  const rows: { key: Rating | 'none'; label: string; count: number }[] = [
    ...RATINGS.map((rating) => ({ key: rating, label: RATING_LABELS[rating], count: counts[rating] })),
    ...(unrated > 0 ? [{ key: 'none' as const, label: notRated(), count: unrated }] : []),
  ];
  return (
    <div className="distribution" aria-busy={busy}>
      <div className="distribution__bar" aria-hidden="true">
        {rows
          .filter((row) => row.count > 0)
          .map((row) => (
            <span
              key={row.key}
              className={`distribution__segment distribution__segment--${row.key}`}
              style={{ flexGrow: row.count }}
            >
              {/* A letter in each segment, so the bar reads without colour too. */}
              {row.label.charAt(0)}
            </span>
          ))}
      </div>
      <ul className="distribution__legend" aria-label={label ?? t`Reports by result`}>
        {rows.map((row) => (
          <li key={row.key} className="distribution__item">
            <span className={`distribution__swatch distribution__segment--${row.key}`} aria-hidden="true" />
            <span className="distribution__label">{row.label}</span>{' '}
            <strong className="distribution__count">{formatNumber(row.count)}</strong>{' '}
            <span className="distribution__share">({percent(row.count, counts.total)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
