import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';
import type { Page, UnreadableRow } from '../api';
import { EmptyState } from './empty-state';

export interface LinkAction {
  label: string;
  href: string;
}

export interface ListEmptyProps {
  page: Page<unknown>;
  /** The view's first page, for an address past the last one. */
  firstPageHref: string;
  /** Set when a search or filter narrows the list: an empty list then means "no matches". */
  noMatch: { title: string; detail: ReactNode; clear: LinkAction } | null;
  /** The list has nothing at all yet. */
  empty: { title: string; detail: string; action: LinkAction };
}

/**
 * A list page without rows: an address past the last page, no matches for a filter, or nothing
 * yet. Rarely shown, so it loads apart from the first paint (./list-body defers it).
 */
export function ListEmpty({ page, firstPageHref, noMatch, empty }: ListEmptyProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  // Past the end first: a filtered view with matches on earlier pages is not "no matches".
  if (page.total > 0 && page.currentPage > page.lastPage) {
    return (
      <EmptyState title={t`This page is empty`}>
        <p>{t`There are fewer pages than this address asks for.`}</p>
        <Link to={firstPageHref} className="button">
          {t`Go to the first page`}
        </Link>
      </EmptyState>
    );
  }
  if (noMatch) {
    return (
      <EmptyState title={noMatch.title}>
        <p>{noMatch.detail}</p>
        <Link to={noMatch.clear.href} className="button">
          {noMatch.clear.label}
        </Link>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={empty.title}>
      <p>{empty.detail}</p>
      <Link to={empty.action.href} className="button button--primary">
        {empty.action.label}
      </Link>
    </EmptyState>
  );
}

/** Rows the service sent broken: said where they are, so the rest of the page still serves. */
export function UnreadableRows({ rows }: { rows: UnreadableRow[] }) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <ul className="unreadable-rows" aria-label={t`Unreadable rows`}>
      {rows.map(({ position, id, reason }) => (
        <li key={position}>
          {id === null
            ? t`Unreadable row ${position} on this page: ${reason}`
            : t`Unreadable row ${position} on this page (id ${id}): ${reason}`}
        </li>
      ))}
    </ul>
  );
}
