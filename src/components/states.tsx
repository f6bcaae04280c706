import { lazyPart } from './lazy-part';

/** A failure in plain words, with the way on (its code loads on first need: ./error-state). */
export const ErrorState = lazyPart(async () => (await import('./error-state')).FailureWithWayOn);
