import { t } from '@lingui/core/macro';
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

/**
 * The ratings' words in the language on screen, each read when it is shown (a component that
 * shows one calls `useLingui()`, so that it renders again on a change of language).
 */
export const RATING_LABELS: Readonly<Record<Rating, string>> = {
  get good() {
    return t`Good`;
  },
  get decent() {
    return t`Decent`;
  },
  get bad() {
    return t`Bad`;
  },
};

export const notRated = () => t`Not rated`;

/** "Good 84", "Good" without a score, the bare score without a rating. */
export function ratingLabel(rating: Rating | null, score: number | null): string {
  if (!rating) return score === null ? notRated() : String(score);
  return score === null ? RATING_LABELS[rating] : `${RATING_LABELS[rating]} ${score}`;
}

/** "Good (80–100)": a rating with the scores it stands for, e.g. in a filter. */
export function ratingRangeLabel(rating: Rating): string {
  const { min, max } = RATING_RANGES[rating];
  return `${RATING_LABELS[rating]} (${min}–${max})`;
}
