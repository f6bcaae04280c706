import type { CheckResults, Importance, Rating } from './types';

// The service's default weights; an administrator can change them, but the API never says so,
// so the simulator keeps the defaults.
export const IMPORTANCE_WEIGHTS: Record<Importance, number> = { high: 10, medium: 5, low: 0 };

/** The score is the weighted share of passed checks, rounded to an integer 0-100. */
export function computeScore(results: CheckResults): number {
  let total = 0;
  let passed = 0;
  for (const check of Object.values(results) as unknown[]) {
    // Stored results may hold anything (the hostile seed does): only well-formed checks count.
    if (typeof check !== 'object' || check === null) continue;
    const { importance, passed: checkPassed } = check as { importance?: unknown; passed?: unknown };
    const weight = (IMPORTANCE_WEIGHTS as Record<string, number | undefined>)[String(importance)];
    if (weight === undefined) continue;
    total += weight;
    if (checkPassed === true) passed += weight;
  }
  return total === 0 ? 100 : Math.round((passed / total) * 100);
}

/** Thresholds as seen in the service: good > 79, decent 49-79, bad < 49. */
export function ratingOf(score: number): Rating {
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}

export function isRating(value: string | null): value is Rating {
  return value === 'good' || value === 'decent' || value === 'bad';
}
