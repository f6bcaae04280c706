import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { describeError } from '../api/error-words';
import { errorsCatalog } from '../api/error-words/catalog';
import { useCatalog } from '../lib/i18n/use-catalog';
import { paths } from '../lib/paths';

/** Catches what a page could not handle itself: says what happened and offers a way on.
 * Loaded on first need (./router.tsx), with its words (the failures' catalog). */
export function RouteError() {
  useCatalog(errorsCatalog);
  const { t } = useLingui();
  const error = useRouteError();
  const { reset } = useQueryErrorResetBoundary();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const { title, detail, needsSettings } = describeError(error);
  return (
    <section className="page state state--error" role="alert">
      <h1>{title}</h1>
      <p>{detail}</p>
      <div className="state__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            reset();
            window.location.reload();
          }}
        >
          {t`Reload the page`}
        </button>
        {needsSettings ? <Link to={paths.settings.getHref()}>{t`Open settings`}</Link> : null}
        <Link to={paths.reports.getHref()}>{t`Go to reports`}</Link>
      </div>
    </section>
  );
}

export function NotFound() {
  useCatalog(errorsCatalog);
  const { t } = useLingui();
  return (
    <section className="page state">
      <h1>{t`Page not found`}</h1>
      <p>{t`There is nothing at this address. It may have been mistyped, or the link may be out of date.`}</p>
      <Link to={paths.reports.getHref()}>{t`Go to reports`}</Link>
    </section>
  );
}
