import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { dismissRemoval, useRemovalSinceLastVisit, type Removal } from '../device-storage';
import { keptOnDeviceCatalog } from './catalog';
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
  // Its words are fetched (in a language other than English) only when there is something to say.
  return <KeptRemovedLine removal={removal} />;
}

function KeptRemovedLine({ removal }: { removal: Removal }) {
  useCatalog(keptOnDeviceCatalog);
  const { t } = useLingui();
  return (
    <div className="session-banner" role="status">
      {removal.what === 'localstorage'
        ? t`Since your last visit, the browser removed the settings the dashboard kept on this device.`
        : t`Since your last visit, the browser removed what the dashboard kept on this device.`}{' '}
      <Link to={paths.settings.getHref()}>{t`See what is kept`}</Link>{' '}
      <button type="button" className="button button--small" onClick={() => void dismissRemoval()}>
        {t`Dismiss`}
      </button>
    </div>
  );
}
