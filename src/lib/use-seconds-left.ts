import { useSyncExternalStore } from 'react';

/** A clock that moves once a second, for as long as something shows it. */
function subscribeSeconds(listener: () => void) {
  const timer = setInterval(listener, 1000);
  return () => clearInterval(timer);
}

/**
 * Whole seconds until `until` (epoch ms), counting down once a second; 0 or less once it is
 * over. Whoever shows the count keeps it out of live regions (`aria-live="off"`): a number read
 * out every second drowns everything else.
 */
export function useSecondsLeft(until: number): number {
  const secondsLeft = () => Math.ceil((until - Date.now()) / 1000);
  return useSyncExternalStore(subscribeSeconds, secondsLeft, secondsLeft);
}
