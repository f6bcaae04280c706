import type { QueryClient } from '@tanstack/react-query';
import { RATINGS } from '../../api';
import { reportListView, reportQueries } from '../reports';

/** The project page's counts (all, good, decent, bad): small list requests whose `total` is read. */
export function projectCountQueries(name: string) {
  return [reportQueries.count(name), ...RATINGS.map((rating) => reportQueries.count(name, rating))] as const;
}

/**
 * What the project page shows first, started at once (by its route loader): the project's count,
 * and its reports list in the view the address asks for (the count's request is the list's own
 * when the address sets no filter). The counts by rating wait for the page: a project read on
 * this device for its audit does not need them.
 */
export function prefetchProjectPage(queryClient: QueryClient, name: string, search: URLSearchParams): void {
  void queryClient.prefetchQuery(reportQueries.count(name));
  void queryClient.prefetchQuery(reportQueries.list(reportListView(search, name).params));
}
