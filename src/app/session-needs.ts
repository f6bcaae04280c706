import { useState, useSyncExternalStore } from 'react';
import {
  isKeyRejected,
  onTransportChange,
  queuedRequestCount,
  requestsPausedUntil,
  stillWaiting,
  subscribeWaiting,
} from '../api';
import { useConnectionChange } from '../features/settings';

/**
 * Whether the session's banners (app/session-banners.tsx) have anything to say. Their code loads
 * only once they do (or when the page is idle after the first data), so that it is not among
 * what the browser fetches before the first rows. Once rendered, they stay: their own state (a
 * dismissed notice, a countdown) decides what they show from then on.
 */
export function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Anything a banner would say: a rejected key, no connection, requests held or slow. */
const anythingToSay = () =>
  isKeyRejected() ||
  !navigator.onLine ||
  queuedRequestCount() > 0 ||
  requestsPausedUntil() > 0 ||
  stillWaiting().reads + stillWaiting().writes > 0;

function subscribeAll(listener: () => void) {
  const stops = [onTransportChange(listener), subscribeWaiting(listener), subscribeOnline(listener)];
  return () => stops.forEach((stop) => stop());
}

/** Whether the banners are rendered: from the first moment one has something to say, for good. */
export function useSessionBanners(): boolean {
  const changedElsewhere = useConnectionChange().origin === 'elsewhere';
  const now = useSyncExternalStore(subscribeAll, anythingToSay, () => false) || changedElsewhere;
  const [shown, setShown] = useState(false);
  if (now && !shown) setShown(true);
  return now || shown;
}
