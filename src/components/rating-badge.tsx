import type { Rating } from '../api';
import { ratingLabel } from '../lib/rating';

/** "Good 84": the rating in words and colour, with the score when known. */
export function RatingBadge({ rating, score }: { rating: Rating | null; score: number | null }) {
  return <span className={`badge badge--${rating ?? 'none'}`}>{ratingLabel(rating, score)}</span>;
}
