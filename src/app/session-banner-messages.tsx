import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** The words of the session banners (./session-banners), loaded when one is first shown. */

export function RejectedKeyBanner({ linkToSettings }: { linkToSettings: boolean }) {
  return (
    <div className="session-banner session-banner--error" role="alert">
      <strong>The service rejected the API key.</strong> Nothing more is sent with it until you save a working key.{' '}
      {linkToSettings ? <Link to={paths.settings.getHref()}>Open settings</Link> : null}
    </div>
  );
}

export function OfflineBanner() {
  return (
    <div className="session-banner" role="status">
      <strong>You are offline.</strong> What is on screen stays; it is refreshed when the connection returns.
    </div>
  );
}

export function QueuedBanner({ queued }: { queued: number }) {
  return (
    <div className="session-banner">
      {queued === 1 ? '1 request is' : `${queued} requests are`} waiting a moment to stay under the service’s rate
      limit.
    </div>
  );
}
