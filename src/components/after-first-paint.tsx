import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a second pass, after what is around it has been committed: React's
 * useDeferredValue with an initial value, so the second pass is interruptible and the browser
 * can paint in between. For what is below the fold of a large page (a report's passed checks and
 * runs), so that it delays neither the first screen nor input (decision 0047).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
