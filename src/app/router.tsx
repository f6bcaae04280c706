import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { parseReportListParams } from '../features/reports/list-params';
import { reportQueries } from '../features/reports/queries';
import { parseProjectListParams } from '../features/projects/list-params';
import { projectQueries } from '../features/projects/queries';
import { projectNameFromPathname } from '../features/projects/project-href';
import { RATINGS } from '../api';
import { overviewParams } from '../features/overview';

const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The path inside the app: the request's pathname without the deployment's prefix. */
function appPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  return BASENAME && pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) : pathname;
}
import { Layout } from './layout';
import { AppLoading, NotFound, RouteError } from './route-error';

/**
 * Routes are code-split; their loaders are not. A loader lives here, in the main chunk, and only
 * starts the page's query (without awaiting it) so the request runs while the page's code loads.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
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
              path: 'reports',
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(
                  reportQueries.list(parseReportListParams(new URL(request.url).searchParams)),
                );
                return null;
              },
              lazy: { Component: async () => (await import('../features/reports/pages/reports-page')).ReportsPage },
            },
            {
              path: 'reports/new',
              lazy: {
                Component: async () => (await import('../features/reports/pages/new-report-page')).NewReportPage,
              },
            },
            {
              path: 'reports/:id',
              loader: ({ params }: LoaderFunctionArgs) => {
                if (params.id) void queryClient.prefetchQuery(reportQueries.detail(params.id));
                return null;
              },
              lazy: { Component: async () => (await import('../features/reports/pages/report-page')).ReportPage },
            },
            {
              path: 'projects',
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(
                  projectQueries.list(parseProjectListParams(new URL(request.url).searchParams)),
                );
                return null;
              },
              lazy: { Component: async () => (await import('../features/projects/pages/projects-page')).ProjectsPage },
            },
            {
              path: 'projects/:project',
              loader: ({ request }: LoaderFunctionArgs) => {
                const name = projectNameFromPathname(appPathname(request));
                if (name === null) return null;
                // The page's list, whose total is also the project's count. The counts by rating
                // wait for the page: a project read on this device does not need them.
                const listParams = parseReportListParams(new URL(request.url).searchParams);
                void queryClient.prefetchQuery(reportQueries.list({ ...listParams, project: name }));
                return null;
              },
              lazy: { Component: async () => (await import('../features/projects/pages/project-page')).ProjectPage },
            },
            {
              path: 'projects/:project/issues/:check',
              // With the project page's code: one chunk for the audit's pages.
              lazy: { Component: async () => (await import('../features/projects/pages/project-page')).IssuePage },
            },
            {
              path: 'settings',
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
