import type { Rating } from './service-types';

/**
 * A report's rating: its thresholds, as seen in the service (they also drive its `result=` list
 * filter), and the words for it. Scores are whole numbers from 0 to 100.
 */
export const RATING_RANGES: Record<Rating, { min: number; max: number }> = {
  good: { min: 80, max: 100 },
  decent: { min: 49, max: 79 },
  bad: { min: 0, max: 48 },
};

export function ratingFromScore(score: number): Rating {
  if (score > RATING_RANGES.decent.max) return 'good';
  if (score >= RATING_RANGES.decent.min) return 'decent';
  return 'bad';
}

export const RATING_LABELS: Record<Rating, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

export const NOT_RATED = 'Not rated';

/** "Good 84", "Good" without a score, the bare score without a rating. */
export function ratingLabel(rating: Rating | null, score: number | null): string {
  if (!rating) return score === null ? NOT_RATED : String(score);
  return score === null ? RATING_LABELS[rating] : `${RATING_LABELS[rating]} ${score}`;
}

/** "Good (80–100)": a rating with the scores it stands for, e.g. in a filter. */
export function ratingRangeLabel(rating: Rating): string {
  const { min, max } = RATING_RANGES[rating];
  return `${RATING_LABELS[rating]} (${min}–${max})`;
}
