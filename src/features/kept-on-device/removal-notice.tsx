import { useLingui } from '@lingui/react/macro';
import { dismissRemoval, type Removal } from '../device-storage';
import { removalInWords } from './words';

/** The settings part's notice that the browser removed what was kept: polite, and dismissible. */
export function RemovalNotice({ removal }: { removal: Removal }) {
  const { t } = useLingui();
  const removed = removalInWords(removal);
  return (
    <div className="notice notice--warning" role="status">
      <p>
        {t`${removed} The dashboard did not remove it: browsers do when space runs short, unless they promised to keep it. Kept audits are read again from the service when their projects are opened.`}
      </p>
      <button type="button" className="button button--small" onClick={() => void dismissRemoval()}>
        {t`Dismiss`}
      </button>
    </div>
  );
}
