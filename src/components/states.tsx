import { deferred, UnavailablePart } from './deferred';

/** A failure in plain words, with the way on (its code loads on first need: ./error-state). */
export const ErrorState = deferred(async () => (await import('./error-state')).ErrorState, {
  fallback: UnavailablePart,
});
