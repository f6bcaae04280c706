/** The browser's online status: what follows it, and what says it where nothing else can. */
import { useSyncExternalStore } from 'react';

/** Calls `listener` when the browser goes online or offline. */
export function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * "You are offline.", for when even the session banners' code is out of reach (./session-banners):
 * the one thing they would have said that explains it. Nothing while the browser is online;
 * it follows the browser from the moment it is rendered.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  return online ? null : (
    <div className="session-banner" role="status">
      <strong>You are offline.</strong>
    </div>
  );
}
