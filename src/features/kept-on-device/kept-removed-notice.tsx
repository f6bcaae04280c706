import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { dismissRemoval, useRemovalSinceLastVisit } from '../device-storage';
import { watchWhatIsKept } from './watch';

/**
 * The shell's one line when the browser removed what was kept since the last visit. It comes in
 * an idle moment after the first data (its check reads the stores), and says nothing on the
 * settings page, whose part says it in full.
 */
export function KeptRemovedNotice() {
  useEffect(watchWhatIsKept, []);
  const removal = useRemovalSinceLastVisit();
  const { pathname } = useLocation();
  if (!removal || pathname.endsWith(paths.settings.pattern)) return null;
  return (
    <div className="session-banner" role="status">
      Since your last visit, the browser removed {removal.what === 'localstorage' ? 'the settings' : 'what'} the
      dashboard kept on this device. <Link to={paths.settings.getHref()}>See what is kept</Link>{' '}
      <button type="button" className="button button--small" onClick={() => void dismissRemoval()}>
        Dismiss
      </button>
    </div>
  );
}
