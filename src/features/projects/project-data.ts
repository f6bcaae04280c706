import type { QueryClient } from '@tanstack/react-query';
import { RATINGS } from '../../api';
import { reportListView, reportQueries } from '../reports';

/** The project page's counts (all, good, decent, bad): small list requests whose `total` is read. */
export function projectCountQueries(name: string) {
  return [reportQueries.count(name), ...RATINGS.map((rating) => reportQueries.count(name, rating))] as const;
}

/**
 * Everything the project page shows, started at once (by its route loader): the counts, and
 * its reports list in the view the address asks for. The first count's request is the list's
 * own when the address sets no filter.
 */
export function prefetchProjectPage(queryClient: QueryClient, name: string, search: URLSearchParams): void {
  for (const query of projectCountQueries(name)) void queryClient.prefetchQuery(query);
  void queryClient.prefetchQuery(reportQueries.list(reportListView(search, name).params));
}
