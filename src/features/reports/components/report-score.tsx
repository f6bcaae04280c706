import type { Rating } from '../../../api';
import { ratingLabel } from '../../../components/rating-badge';

const RATING_WORDS: Record<Rating, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

/**
 * The score as the first thing on the page: the number, the rating in words, and a native
 * <meter> gauge whose thresholds match the service's (bad < 49, decent 49-79, good > 79). The
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
  const tone = rating ?? 'none';
  return (
    <div className={`score-hero score-hero--${tone}`}>
      <p className="score-hero__number" aria-hidden="true">
        {score ?? '–'}
        <span className="score-hero__max">/100</span>
      </p>
      <div className="score-hero__text">
        <p className="score-hero__rating" aria-hidden="true">
          {rating ? RATING_WORDS[rating] : 'Not rated'}
        </p>
        {score === null ? (
          <p className="score-hero__none">No score</p>
        ) : (
          <meter
            className={`score-hero__meter score-hero__meter--${tone}`}
            aria-label={`${ratingLabel(rating, score)} out of 100`}
            min={0}
            max={100}
            low={49}
            high={80}
            optimum={100}
            value={Math.min(100, Math.max(0, score))}
          />
        )}
        <p className="score-hero__counts">
          {counts.failed} failed · {counts.passed} passed
        </p>
      </div>
    </div>
  );
}
