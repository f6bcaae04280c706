import { useEffect } from 'react';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { Page, SortDirection } from './service-types';

/**
 * Clicking the sorted column's header turns its direction round; another column starts in the
 * direction people usually want for it (newest or best first, names A to Z).
 */
export function nextSort<K extends string>(
  current: { sortBy: K; sort: SortDirection },
  clicked: K,
  firstDirection: Record<K, SortDirection>,
): { sortBy: K; sort: SortDirection } {
  if (current.sortBy !== clicked) return { sortBy: clicked, sort: firstDirection[clicked] };
  return { sortBy: clicked, sort: current.sort === 'desc' ? 'asc' : 'desc' };
}

/**
 * "Next" should render at once: fetch the following page while this one is read. Nothing is
 * fetched for a placeholder (the previous view's rows) or past the last page; prefetchQuery does
 * nothing while the next page is still fresh, so running on every render costs nothing.
 */
export function usePrefetchNextPage<T, K extends QueryKey>(
  page: Page<unknown> | undefined,
  isPlaceholder: boolean,
  optionsForPage: (page: number) => FetchQueryOptions<T, Error, T, K>,
): void {
  const queryClient = useQueryClient();
  const next = page && !isPlaceholder && page.currentPage < page.lastPage ? page.currentPage + 1 : undefined;
  useEffect(() => {
    if (next !== undefined) void queryClient.prefetchQuery(optionsForPage(next));
  });
}
