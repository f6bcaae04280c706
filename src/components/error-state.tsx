import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from '../api';
import { describeError } from '../api/error-words';
import { errorsCatalog } from '../api/error-words/catalog';
import { useCatalog } from '../lib/i18n/use-catalog';
import { paths } from '../lib/paths';
import { sharedPartsCatalog } from './catalog';

/** A failure in plain words, with the way on. Loaded on first need (./states.tsx). */
export function FailureWithWayOn({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  useCatalog(sharedPartsCatalog, errorsCatalog);
  const { t } = useLingui();
  const { title, detail, needsSettings } = describeError(error);
  // A rejected key is announced once, by the app-wide banner; here it only explains the gap.
  const announced = isApiError(error) && error.isUnauthorized;
  return (
    <div className="state state--error" role={announced ? undefined : 'alert'}>
      <h2>{title}</h2>
      <p>{detail}</p>
      <div className="state__actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t`Try again`}
          </button>
        ) : null}
        {needsSettings ? <Link to={paths.settings.getHref()}>{t`Open settings`}</Link> : null}
      </div>
    </div>
  );
}
