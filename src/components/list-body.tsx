import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Page } from '../api';
import { lazyPart } from './lazy-part';
import type { ListEmptyProps } from './list-empty';
import { ErrorState } from './states';

// Past the last page, no matches, nothing yet, rows the service sent broken: rarely shown, loaded
// on first need (or when idle).
const ListEmpty = lazyPart(async () => (await import('./list-empty')).ListEmpty);
const UnreadableRows = lazyPart(async () => (await import('./list-empty')).UnreadableRows);

interface ListBodyProps<T> {
  query: UseQueryResult<Page<T>>;
  /** For screen readers while the first page loads, e.g. "Loading reports…". */
  loadingLabel: string;
  /** How many placeholder rows the first load shows: the page size. */
  rows?: number | undefined;
  firstPageHref: ListEmptyProps['firstPageHref'];
  noMatch: ListEmptyProps['noMatch'];
  empty: ListEmptyProps['empty'];
  /** The rows and paging of a page with items; `busy` while the next view replaces them. */
  children: (page: Page<T>, busy: boolean) => ReactNode;
}

/** A list's first page on its way: placeholder rows for the eye, a status for screen readers. */
function ListLoading({ label, rows = 10 }: { label: string; rows?: number | undefined }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: Math.min(rows, 12) }, (_, i) => (
          <div key={i} className="skeleton__row" />
        ))}
      </div>
    </div>
  );
}

/**
 * Every state of a list's body, the same for each list: loading, failed (with a retry), an
 * address past the last page, no matches for a filter, nothing yet, and the rows. While the
 * next view loads the previous rows stay, marked as updating; a failed refresh keeps them too.
 */
export function ListBody<T>({ query, loadingLabel, rows, firstPageHref, noMatch, empty, children }: ListBodyProps<T>) {
  const { t } = useLingui();
  const page = query.data;
  const updating = query.isFetching && query.isPlaceholderData;
  const retry = () => void query.refetch();
  const reason = query.error?.message;

  let body: ReactNode = null;
  if (query.isPending) {
    body = <ListLoading label={loadingLabel} rows={rows} />;
  } else if (!page) {
    body = <ErrorState error={query.error} onRetry={retry} />;
  } else if (page.items.length > 0 || page.unreadable) {
    body = (
      <>
        {page.items.length > 0 ? children(page, updating) : null}
        {page.unreadable ? <UnreadableRows rows={page.unreadable} /> : null}
      </>
    );
  } else {
    body = <ListEmpty page={page} firstPageHref={firstPageHref} noMatch={noMatch} empty={empty} />;
  }

  return (
    <>
      <div className="list-status" aria-live="polite">
        {updating ? <span className="updating">{t`Updating…`}</span> : null}
        {query.isError && page ? (
          <span className="notice notice--error">
            {t`Could not refresh the list: ${reason}`}{' '}
            <button type="button" className="button button--small" onClick={retry}>
              {t`Try again`}
            </button>
          </span>
        ) : null}
      </div>
      <div className={updating ? 'list-body list-body--updating' : 'list-body'}>{body}</div>
    </>
  );
}
