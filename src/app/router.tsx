import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { parseReportListParams } from '../features/reports/list-params';
import { reportQueries } from '../features/reports/queries';
import { parseProjectListParams } from '../features/projects/list-params';
import { projectQueries } from '../features/projects/queries';
import { projectNameFromPathname } from '../features/projects/project-href';
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
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: () => redirect('/reports') },
            {
              path: 'reports',
              loader: ({ request }: LoaderFunctionArgs) => {
                void queryClient.prefetchQuery(
                  reportQueries.list(parseReportListParams(new URL(request.url).searchParams)),
                );
                return null;
              },
              Component: ReportsPage,
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
                // The page's counts and its list (the first count's request is the list's own).
                for (const result of [undefined, ...RATINGS])
                  void queryClient.prefetchQuery(projectQueries.reportCount(name, result));
                const listParams = parseReportListParams(new URL(request.url).searchParams);
                void queryClient.prefetchQuery(reportQueries.list({ ...listParams, project: name }));
                return null;
              },
              lazy: { Component: async () => (await import('../features/projects/pages/project-page')).ProjectPage },
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
