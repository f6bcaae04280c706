import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { isKeyRejected, onTransportChange, queuedRequestCount } from '../api';
import { deferred } from '../components/deferred';
import { paths } from '../lib/paths';

const messages = () => import('./session-banner-messages');
const RejectedKeyBanner = deferred(async () => (await messages()).RejectedKeyBanner);
// Offline is when the words may be out of reach: the short form is always here.
const OfflineBanner = deferred(async () => (await messages()).OfflineBanner, {
  fallback: () => (
    <div className="session-banner" role="status">
      <strong>You are offline.</strong>
    </div>
  ),
});
const QueuedBanner = deferred(async () => (await messages()).QueuedBanner);

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
 * when it returns), and requests queued to stay under the service's rate limit. The banners'
 * words load when one is first shown (or once the first data is on screen: components/deferred).
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
      {rejected ? <RejectedKeyBanner linkToSettings={!pathname.endsWith(paths.settings.pattern)} /> : null}
      {online ? null : <OfflineBanner />}
      {/* Present from the start, so that screen readers announce the count when it appears. */}
      <div role="status" aria-live="polite">
        {queued > 0 ? <QueuedBanner queued={queued} /> : null}
      </div>
    </>
  );
}
