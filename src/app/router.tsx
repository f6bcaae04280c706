import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths, projectNameFromPathname } from '../lib/paths';
import { reportListState } from '../features/reports/list-state';
import { reportQueries } from '../features/reports/queries';
import { projectListState } from '../features/projects/list-state';
import { projectQueries } from '../features/projects/queries';
import { prefetchProjectPage } from '../features/projects/project-data';
import { overviewParams } from '../features/overview';
import { RATINGS } from '../api';
import { deferred, UnavailablePart } from '../components/deferred';
import { Layout } from './layout';
// The landing page is part of the entry, not a lazy route: the first paint of /reports is one
// file, fetched at once (docs/decisions/0010). Other routes load their code with their loader.
import { ReportsPage } from '../features/reports/pages/reports-page';

const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The path inside the app: the request's pathname without the deployment's prefix. */
function appPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  return BASENAME && pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) : pathname;
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

// Failures and unknown addresses are rare: their pages load on first need.
const RouteError = deferred(async () => (await import('./route-error')).RouteError, { fallback: UnavailablePart });
const NotFound = deferred(async () => (await import('./route-error')).NotFound, { fallback: UnavailablePart });

/** Shown while the first route's code arrives. */
function AppLoading() {
  return (
    <p className="page" role="status">
      Loading…
    </p>
  );
}

/**
 * Routes are code-split (but for the landing page); their loaders are not. A loader lives here,
 * in the main chunk, and only starts the page's query (without awaiting it) so the request runs
 * while the page's code loads.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.home.pattern,
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              loader: () => {
                // The overview's figures: list totals, and the projects list (with its sums).
                for (const params of [overviewParams.recent, ...RATINGS.map((result) => ({ result }))])
                  void queryClient.prefetchQuery(reportQueries.list(params));
                void queryClient.prefetchQuery(projectQueries.everyProject());
                return null;
              },
              lazy: {
                Component: async () => (await import('../features/overview/pages/overview-page')).OverviewPage,
              },
            },
            {
              path: paths.reports.pattern,
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(reportQueries.list(reportListState.parse(searchOf(request))));
                return null;
              },
              Component: ReportsPage,
            },
            {
              path: paths.newReport.pattern,
              lazy: {
                Component: async () => (await import('../features/reports/pages/new-report-page')).NewReportPage,
              },
            },
            {
              path: paths.report.pattern,
              loader: ({ params }: LoaderFunctionArgs) => {
                if (params.id) void queryClient.prefetchQuery(reportQueries.detail(params.id));
                return null;
              },
              lazy: { Component: async () => (await import('../features/reports/pages/report-page')).ReportPage },
            },
            {
              path: paths.projects.pattern,
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(projectQueries.list(projectListState.parse(searchOf(request))));
                return null;
              },
              lazy: { Component: async () => (await import('../features/projects/pages/projects-page')).ProjectsPage },
            },
            {
              path: paths.project.pattern,
              loader: ({ request }: LoaderFunctionArgs) => {
                const name = projectNameFromPathname(appPathname(request));
                if (name !== null) prefetchProjectPage(queryClient, name, searchOf(request));
                return null;
              },
              lazy: { Component: async () => (await import('../features/projects/pages/project-page')).ProjectPage },
            },
            {
              path: paths.issue.pattern,
              // With the project page's code: one chunk for the audit's pages.
              lazy: { Component: async () => (await import('../features/projects/pages/project-page')).IssuePage },
            },
            {
              path: paths.settings.pattern,
              lazy: { Component: async () => (await import('../features/settings/settings-page')).SettingsPage },
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient), { basename: BASENAME || '/' });
}
