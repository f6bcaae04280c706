import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * The page's "first data is on screen" signal, created once per page load (app/first-data.ts)
 * and handed down by the app. Parts shown beside the first rows (filters, pages, the selection
 * bar, banners) render a placeholder of their size until then, and their code is asked for only
 * then, so that it does not compete with the rows.
 */
export interface FirstData {
  /** Resolves once the first data is on screen. */
  readonly whenShown: Promise<void>;
  /** Whether it is: a part mounted later renders at once, without a placeholder's frame. */
  readonly shown: boolean;
}

/** A signal that has fired, already or once `whenShown` resolves. */
export function firstDataSignal(whenShown: Promise<void>): FirstData {
  const signal = { whenShown, shown: false };
  void whenShown.then(() => (signal.shown = true));
  return signal;
}

/** Outside an app (a component rendered alone), the first data counts as shown. */
export const FirstDataContext = createContext<FirstData>({ whenShown: Promise.resolve(), shown: true });

/** Whether the first data is on screen; once true, true for good. */
export function useFirstDataShown(): boolean {
  const firstData = useContext(FirstDataContext);
  const [shown, setShown] = useState(firstData.shown);
  useEffect(() => {
    if (shown) return;
    let mounted = true;
    void firstData.whenShown.then(() => mounted && startTransition(() => setShown(true)));
    return () => {
      mounted = false;
    };
  }, [firstData, shown]);
  return shown;
}
