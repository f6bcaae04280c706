import { useLingui } from '../lib/i18n/use-lingui';
import type { Rating } from '../api';
import { ratingLabel } from '../lib/rating';

/** "Good 84": the rating in words and colour, with the score when known. */
export function RatingBadge({ rating, score }: { rating: Rating | null; score: number | null }) {
  // The words are read at render (lib/rating.ts): this renders again on a change of language.
  useLingui();
  return <span className={`badge badge--${rating ?? 'none'}`}>{ratingLabel(rating, score)}</span>;
}
