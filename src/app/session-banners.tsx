import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { isKeyRejected, onTransportChange, queuedRequestCount } from '../api';
import { paths } from '../lib/paths';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * What holds up all requests, said once for the whole app: a rejected key (nothing more is
 * sent until a working one is saved), no connection (what is on screen stays, and is refreshed
 * when it returns), and requests queued to stay under the service's rate limit.
 */
export function SessionBanners() {
  const rejected = useSyncExternalStore(onTransportChange, isKeyRejected, isKeyRejected);
  const queued = useSyncExternalStore(onTransportChange, queuedRequestCount, queuedRequestCount);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const { pathname } = useLocation();
  return (
    <>
      {rejected ? (
        <div className="session-banner session-banner--error" role="alert">
          <strong>The service rejected the API key.</strong> Nothing more is sent with it until you save a working key.{' '}
          {pathname.endsWith(paths.settings.pattern) ? null : <Link to={paths.settings.getHref()}>Open settings</Link>}
        </div>
      ) : null}
      {online ? null : (
        <div className="session-banner" role="status">
          <strong>You are offline.</strong> What is on screen stays; it is refreshed when the connection returns.
        </div>
      )}
      <div role="status" aria-live="polite">
        {queued > 0 ? (
          <div className="session-banner">
            {queued === 1 ? '1 request is' : `${queued} requests are`} waiting a moment to stay under the service’s rate
            limit.
          </div>
        ) : null}
      </div>
    </>
  );
}
