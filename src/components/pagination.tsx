import { Link } from 'react-router';
import { lazyPart } from './lazy-part';
import type { Page } from '../api';
import { formatNumber } from '../lib/format-number';

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

/**
 * "Page 3 of 30 · 21–30 of 245" with first / previous / next / last (links, so they work like
 * links) and a jump to any page.
 */
export function Pagination({ page, hrefFor, label, id }: PaginationProps) {
  const { currentPage, lastPage, total, from, to } = page;
  const pages = Math.max(lastPage, 1);
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= lastPage;
  return (
    <nav className="pagination" aria-label={label} id={id} tabIndex={-1}>
      <p className="pagination__status" tabIndex={-1}>
        <strong>{`Page ${formatNumber(currentPage)} of ${formatNumber(pages)}`}</strong>
        {' · '}
        <span>
          {total === 0 || from === null || to === null
            ? 'No results'
            : `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`}
        </span>
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
      {pages > 1 ? <PageJump currentPage={currentPage} pages={pages} hrefFor={hrefFor} /> : null}
    </nav>
  );
}
