import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { lazyPart } from './lazy-part';
import type { Page } from '../api';
import type { Locale } from '../lib/i18n/locales';
import { formatWholeNumber } from '../lib/i18n/format';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';

interface PaginationProps {
  page: Pick<Page<unknown>, 'currentPage' | 'lastPage' | 'total' | 'from' | 'to'>;
  /** The address of page n of the current view. */
  hrefFor: (page: number) => string;
  label: string;
  /** The id the list's "Skip to pagination" link points at. */
  id?: string;
}

// Below the rows, seldom used: its code loads once the first data is on screen.
const PageJump = lazyPart(async () => (await import('./page-jump')).PageJump, { when: 'after-first-data' });

function PageLink({ to, disabled, children, rel }: { to: string; disabled: boolean; children: string; rel?: string }) {
  if (disabled) {
    return (
      <span className="button button--small pagination__link" aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link className="button button--small pagination__link" to={to} rel={rel}>
      {children}
    </Link>
  );
}

/** "21–30 of 245": the rows shown of all the rows. */
function RowsShown({ from, to, total }: { from: number; to: number; total: string }) {
  const { t, i18n } = useLingui();
  const [first, last] = [from, to].map((value) => formatWholeNumber(value, i18n.locale as Locale));
  return t({ message: `${first}–${last} of ${total}`, comment: 'The rows shown of all the rows: "21–30 of 245"' });
}

/**
 * "Page 3 of 30 · 21–30 of 245" with first / previous / next / last (links, so they work like
 * links) and a jump to any page.
 */
export function Pagination({ page, hrefFor, label, id }: PaginationProps) {
  useCatalog(sharedPartsCatalog);
  const { t, i18n } = useLingui();
  const number = (value: number) => formatWholeNumber(value, i18n.locale as Locale);
  const { currentPage, lastPage, total, from, to } = page;
  const pages = Math.max(lastPage, 1);
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= lastPage;
  const [shownPage, shownPages, shownTotal] = [number(currentPage), number(pages), number(total)];
  return (
    <nav className="pagination" aria-label={label} id={id} tabIndex={-1}>
      <p className="pagination__status" tabIndex={-1}>
        <strong>{t`Page ${shownPage} of ${shownPages}`}</strong>
        {' · '}
        <span>
          {total === 0 || from === null || to === null ? (
            t`No results`
          ) : (
            <RowsShown from={from} to={to} total={shownTotal} />
          )}
        </span>
      </p>
      <ul className="pagination__links">
        <li>
          <PageLink to={hrefFor(1)} disabled={isFirst}>
            {t({ message: 'First', context: 'page of a list', comment: 'The first page of a list' })}
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(currentPage - 1)} disabled={isFirst} rel="prev">
            {t({ message: 'Previous', context: 'page of a list', comment: 'The page before, in a list' })}
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(currentPage + 1)} disabled={isLast} rel="next">
            {t({ message: 'Next', context: 'page of a list', comment: 'The page after, in a list' })}
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(lastPage)} disabled={isLast}>
            {t({ message: 'Last', context: 'page of a list', comment: 'The last page of a list' })}
          </PageLink>
        </li>
      </ul>
      {pages > 1 ? <PageJump currentPage={currentPage} pages={pages} hrefFor={hrefFor} /> : null}
    </nav>
  );
}
