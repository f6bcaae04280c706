import type { Rating } from '../api';

const LABELS: Record<Rating, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

export function ratingLabel(rating: Rating | null, score: number | null): string {
  if (!rating) return score === null ? 'Not rated' : String(score);
  return score === null ? LABELS[rating] : `${LABELS[rating]} ${score}`;
}

/** "Good 84": the rating in words and colour, with the score when known. */
export function RatingBadge({ rating, score }: { rating: Rating | null; score: number | null }) {
  return <span className={`badge badge--${rating ?? 'none'}`}>{ratingLabel(rating, score)}</span>;
}
