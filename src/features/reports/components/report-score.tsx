import { useId } from 'react';
import type { Rating } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { RATING_RANGES, ratingLabel } from '../../../lib/rating';

/**
 * The rating in words, with the score as a native <meter>: its thresholds are the service's
 * ratings (below `low` bad, from `high` good) and the text says the same for anyone who cannot
 * see colour.
 */
export function ReportScore({ rating, score }: { rating: Rating | null; score: number | null }) {
  const labelId = useId();
  if (score === null) {
    return (
      <span className="report-score">
        <RatingBadge rating={rating} score={null} />
        <span className="report-score__text">No score</span>
      </span>
    );
  }
  const clamped = Math.min(100, Math.max(0, score));
  return (
    <span className="report-score">
      <span id={labelId} className="report-score__text">
        {ratingLabel(rating, score)} out of 100
      </span>
      <meter
        className={`report-score__meter report-score__meter--${rating ?? 'none'}`}
        aria-labelledby={labelId}
        min={0}
        max={100}
        low={RATING_RANGES.decent.min}
        high={RATING_RANGES.good.min}
        optimum={100}
        value={clamped}
      />
    </span>
  );
}
