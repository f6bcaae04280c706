import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { deferred, UnavailablePart } from './deferred';

/** A failure in plain words, with the way on (its code loads on first need: ./error-state). */
export const ErrorState = deferred(async () => (await import('./error-state')).ErrorState, {
  fallback: UnavailablePart,
});

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** An address asks for a page after the last one (an old link, a list that shrank). */
export function PastLastPage({ firstPageHref }: { firstPageHref: string }) {
  return (
    <EmptyState title="This page is empty">
      <p>There are fewer pages than this address asks for.</p>
      <Link to={firstPageHref} className="button">
        Go to the first page
      </Link>
    </EmptyState>
  );
}
