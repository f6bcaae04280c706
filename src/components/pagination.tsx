import { Link } from 'react-router';
import type { Page } from '../api';
import { formatNumber } from '../lib/format';

interface PaginationProps {
  page: Pick<Page<unknown>, 'currentPage' | 'lastPage' | 'total' | 'from' | 'to'>;
  /** The address of page n of the current view. */
  hrefFor: (page: number) => string;
  label: string;
}

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

/** "21–30 of 245" with first / previous / next / last, as links so they work like links. */
export function Pagination({ page, hrefFor, label }: PaginationProps) {
  const { currentPage, lastPage, total, from, to } = page;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= lastPage;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">
        {total === 0 || from === null || to === null
          ? 'No results'
          : `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`}
        <span className="visually-hidden">{`, page ${currentPage} of ${Math.max(lastPage, 1)}`}</span>
      </p>
      <ul className="pagination__links">
        <li>
          <PageLink to={hrefFor(1)} disabled={isFirst}>
            First
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(currentPage - 1)} disabled={isFirst} rel="prev">
            Previous
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(currentPage + 1)} disabled={isLast} rel="next">
            Next
          </PageLink>
        </li>
        <li>
          <PageLink to={hrefFor(lastPage)} disabled={isLast}>
            Last
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}
