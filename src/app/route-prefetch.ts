import type { QueryClient } from '@tanstack/react-query';
import { RATINGS } from '../api';
import { overviewParams } from '../features/overview';
import { prefetchProjectPage } from '../features/projects';
import { projectListState } from '../features/projects';
import { projectQueries } from '../features/projects';
import { reportFromLists, reportQueries } from '../features/reports';
import { comparedIdsFromSearch, projectPartFromPathname } from '../lib/paths-from-address';

/**
 * What the routes other than /reports start fetching as soon as they are entered. Loaded by
 * their loaders on first use (a small chunk, fetched beside the page's own code), so that none
 * of it weighs on the first paint of /reports (docs/decisions/0027).
 */

/** The overview's figures: list totals, and the projects list (with its sums). */
export function prefetchOverview(queryClient: QueryClient): void {
  for (const params of [overviewParams.recent, ...RATINGS.map((result) => ({ result }))])
    void queryClient.prefetchQuery(reportQueries.list(params));
  void queryClient.prefetchQuery(projectQueries.everyProject());
}

export function prefetchProjects(queryClient: QueryClient, { searchParams }: URL): void {
  void queryClient.prefetchQuery(projectQueries.list(projectListState.parse(searchParams)));
}

/** The deployment's path prefix (BASE_PATH), which a loader's request URL still carries. */
const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');
const inApp = (pathname: string) =>
  BASENAME && pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) : pathname;

/** A project's page, whatever its part: the count of its reports, which its heading and health need. */
export function prefetchProject(queryClient: QueryClient, url: URL): void {
  const shown = projectPartFromPathname(inApp(url.pathname));
  if (shown !== null) void queryClient.prefetchQuery(reportQueries.count(shown.project));
}

/** A project's pages part: the count and the list of its reports in the address's view. */
export function prefetchProjectPages(queryClient: QueryClient, { pathname, searchParams }: URL): void {
  const shown = projectPartFromPathname(inApp(pathname));
  if (shown !== null) prefetchProjectPage(queryClient, shown.project, searchParams);
}

/**
 * Both reports of a comparison, when the address names two: from the cache (a list's copy
 * included) when it is fresh, else asked for together, one request each at once.
 */
export function prefetchCompare(queryClient: QueryClient, { searchParams }: URL): void {
  const ids = comparedIdsFromSearch(searchParams);
  if (!ids.ok) return;
  for (const id of [ids.a, ids.b]) void queryClient.prefetchQuery(reportFromLists(queryClient, id));
}
