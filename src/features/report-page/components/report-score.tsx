import { useLingui } from '@lingui/react/macro';
import type { Rating } from '../../../api';
import { notRated, RATING_LABELS, RATING_RANGES, ratingLabel } from '../../../lib/rating';

/**
 * The score as the first thing on the page: the number, the rating in words, and a native
 * <meter> gauge whose thresholds are the service's ratings (below `low` bad, from `high` good). The
 * meter's name says it all for a screen reader; the large number and the word are for the eye.
 */
export function ReportScore({
  rating,
  score,
  counts,
}: {
  rating: Rating | null;
  score: number | null;
  counts: { failed: number; passed: number };
}) {
  const { t } = useLingui();
  const tone = rating ?? 'none';
  const rated = score === null ? '' : ratingLabel(rating, score);
  const { failed, passed } = counts;
  return (
    <div className={`score-hero score-hero--${tone}`}>
      <p className="score-hero__number" aria-hidden="true">
        {score ?? '–'}
        <span className="score-hero__max">/100</span>
      </p>
      <div className="score-hero__text">
        <p className="score-hero__rating" aria-hidden="true">
          {rating ? RATING_LABELS[rating] : notRated()}
        </p>
        {score === null ? (
          <p className="score-hero__none">{t`No score`}</p>
        ) : (
          <meter
            className={`score-hero__meter score-hero__meter--${tone}`}
            aria-label={t`${rated} out of 100`}
            min={0}
            max={100}
            low={RATING_RANGES.decent.min}
            high={RATING_RANGES.good.min}
            optimum={100}
            value={Math.min(100, Math.max(0, score))}
          />
        )}
        <p className="score-hero__counts">{t`${failed} failed · ${passed} passed`}</p>
      </div>
    </div>
  );
}
