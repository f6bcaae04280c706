/**
 * Whether the session's banners (app/session-banners.tsx) have anything to say, and the banners
 * once they have. A part of the layout that loads once the first data is on screen (a rejected
 * key, a lost connection or a held request settles the first data too), so that it is not among
 * what the browser fetches before the first rows. Once rendered, the banners stay: their own
 * state (a dismissed notice, a countdown) decides what they show from then on.
 */
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
import { subscribeOnline } from './online';
import { RequestHolds, SessionAlerts } from './session-banners';

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
function useSessionBanners(): boolean {
  const changedElsewhere = useConnectionChange().origin === 'elsewhere';
  const now = useSyncExternalStore(subscribeAll, anythingToSay, () => false) || changedElsewhere;
  const [shown, setShown] = useState(false);
  if (now && !shown) setShown(true);
  return now || shown;
}

/** The banners, and the live region that announces what is held: in the page's header. */
export function SessionNotices() {
  const banners = useSessionBanners();
  return (
    <>
      {banners ? <SessionAlerts /> : null}
      <div role="status" aria-live="polite">
        {banners ? <RequestHolds /> : null}
      </div>
    </>
  );
}
