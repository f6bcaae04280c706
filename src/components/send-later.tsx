import { useLingui } from '@lingui/react/macro';
import { retryLaterMs } from '../api/retry-later';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';
import { lazyPart } from './lazy-part';

/*
 * The door to the "send it later" notice (./send-later-notice.tsx): a 429 is rare, so its code
 * loads the first time a form shows it (docs/decisions/0067).
 */

export interface SendLaterProps {
  /** The write's failure: a "not now" (`canSendLater`). */
  error: unknown;
  /** What did not happen, e.g. "The report was not created yet.". */
  notDone: string;
  /** Sends the form as it is at that time. */
  onSend: () => void;
}

/** Whether a write's failure was a "not now" (a 429, or a 503 with Retry-After) that SendLater answers. */
export function canSendLater(error: unknown): boolean {
  return retryLaterMs(error) !== null;
}

/** Where the notice's code cannot be loaded: still says what happened, and offers to send again. */
function PlainSendLater({ notDone, onSend }: SendLaterProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <strong>{notDone}</strong>{' '}
        {t`The service asked us to wait. Everything you entered is kept: try again in a minute.`}
      </p>
      <button type="button" className="button button--small" onClick={onSend}>
        {t`Try again`}
      </button>
    </div>
  );
}

export const SendLater = lazyPart(async () => (await import('./send-later-notice')).SendLaterNotice, {
  fallback: PlainSendLater,
});
