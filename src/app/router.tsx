import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../lib/paths';
import { reportListState, reportQueries } from '../features/reports';
import { lazyPart } from '../components/lazy-part';
import { Layout } from './layout';
// The landing page is part of the entry, not a lazy route: the first paint of /reports is one
// file, fetched at once (docs/decisions/0010). Other routes load their code with their loader.
import { ReportsPage } from '../features/report-list';

const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

// Failures and unknown addresses are rare: their pages load on first need.
export const RouteError = lazyPart(async () => (await import('./route-error')).RouteError);

type RoutePrefetch = typeof import('./route-prefetch');

/**
 * A route's loader that starts its queries with the prefetching code (./route-prefetch), loaded
 * beside the page's code rather than with the first paint. Not awaited: the page renders as soon
 * as its own code is in (its queries start then if the prefetch has not started them yet), and a
 * prefetch whose code cannot load leaves the page's own requests to do the work.
 */
function prefetchWith(start: (prefetch: RoutePrefetch, url: URL) => void) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    void import('./route-prefetch').then(
      (prefetch) => start(prefetch, url),
      () => undefined,
    );
    return null;
  };
}

/**
 * Routes are code-split (but for the landing page). The /reports loader lives here and only starts
 * the page's query (without awaiting it); the other routes' loaders load their prefetching with
 * the page's code (./route-prefetch), to keep it out of the first paint (decision 27).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.home.pattern,
      element: <Layout />,
      errorElement: <RouteError />,
      // Shown while the first route's code arrives.
      hydrateFallbackElement: (
        <p className="app-loading" role="status">
          Loading…
        </p>
      ),
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              loader: prefetchWith((prefetch) => prefetch.prefetchOverview(queryClient)),
              lazy: {
                Component: async () => (await import('../features/overview/pages/overview-page')).OverviewPage,
              },
            },
            {
              path: paths.reports.pattern,
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(
                  reportQueries.list(reportListState.parse(new URL(request.url).searchParams)),
                );
                return null;
              },
              Component: ReportsPage,
            },
            {
              path: paths.newReport.pattern,
              lazy: {
                Component: async () => (await import('../features/new-report')).NewReportPage,
              },
            },
            {
              path: paths.report.pattern,
              loader: ({ params }: LoaderFunctionArgs) => {
                if (params.id) void queryClient.prefetchQuery(reportQueries.detail(params.id));
                return null;
              },
              lazy: { Component: async () => (await import('../features/report-page')).ReportPage },
            },
            {
              path: paths.projects.pattern,
              loader: prefetchWith((prefetch, url) => prefetch.prefetchProjects(queryClient, url)),
              lazy: {
                Component: async () => (await import('../features/project-pages/pages/projects-page')).ProjectsPage,
              },
            },
            {
              path: paths.project.pattern,
              loader: prefetchWith((prefetch, url) => prefetch.prefetchProject(queryClient, url)),
              lazy: {
                Component: async () => (await import('../features/project-pages/pages/project-page')).ProjectPage,
              },
              // The parts of a project's page, each at its address and with its own code
              // (docs/decisions/0097). A part that fails says so in its place, under the health.
              children: [
                {
                  index: true,
                  errorElement: <RouteError />,
                  lazy: {
                    Component: async () => (await import('../features/project-pages/parts/issues-part')).IssuesPart,
                  },
                },
                {
                  path: paths.projectPages.pattern,
                  errorElement: <RouteError />,
                  loader: prefetchWith((prefetch, url) => prefetch.prefetchProjectPages(queryClient, url)),
                  lazy: {
                    Component: async () => (await import('../features/project-pages/parts/pages-part')).PagesPart,
                  },
                },
                {
                  path: paths.projectSegments.pattern,
                  errorElement: <RouteError />,
                  lazy: {
                    Component: async () => (await import('../features/project-pages/parts/segments-part')).SegmentsPart,
                  },
                },
                {
                  path: paths.projectWatch.pattern,
                  errorElement: <RouteError />,
                  lazy: {
                    Component: async () => (await import('../features/project-pages/parts/watch-part')).WatchPart,
                  },
                },
                {
                  path: paths.projectSettings.pattern,
                  errorElement: <RouteError />,
                  lazy: {
                    Component: async () => (await import('../features/project-pages/parts/settings-part')).SettingsPart,
                  },
                },
              ],
            },
            {
              path: paths.issue.pattern,
              // With the project page's code: one chunk for the audit's pages.
              lazy: { Component: async () => (await import('../features/project-pages/pages/project-page')).IssuePage },
            },
            {
              path: paths.compare.pattern,
              loader: prefetchWith((prefetch, url) => prefetch.prefetchCompare(queryClient, url)),
              lazy: { Component: async () => (await import('../features/report-compare')).ComparePage },
            },
            {
              path: paths.changes.pattern,
              // Read from what the device keeps: no loader, the audit's freshness check is the request.
              lazy: { Component: async () => (await import('../features/site-changes')).ChangesPage },
            },
            {
              path: paths.projectReport.pattern,
              // Read from what the device keeps, as the change report.
              lazy: { Component: async () => (await import('../features/project-report')).ProjectReportPage },
            },
            {
              path: paths.settings.pattern,
              lazy: { Component: async () => (await import('../features/settings/settings-page')).SettingsPage },
            },
            // If even its code is out of reach, the route's error element says so.
            { path: '*', lazy: { Component: async () => (await import('./route-error')).NotFound } },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient), { basename: BASENAME || '/' });
}
