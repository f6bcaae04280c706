import { deleteProject, listProjects } from './project-routes';
import { deleteReport, listReports, showReport, storeReport, updateReport } from './report-routes';
import { loginPage } from './responses';
import type { SimulatedService } from './service';

// The simulated service's routes, as plain data: the in-page fetch (demo, HTTP server) walks
// this table directly, and msw.ts turns it into MSW handlers for tests. Keeping MSW out of the
// in-page path keeps it out of the demo's bundle. Order matters: the catch-all comes last.

/**
 * Paths are regular expressions on the whole URL, on any origin and under any base path, rather
 * than MSW path strings with `:id` params: MSW decodes captured parts with decodeURIComponent,
 * which throws on a malformed escape (`%E0%A4%A`) and would turn a 404 into a crash. Routes read
 * the raw path themselves.
 */
function onAnyOrigin(path: string): RegExp {
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+(?:/.*)?${path}$`, 'i');
}

const REPORTS = onAnyOrigin('/api/v1/reports/?');
const REPORT = onAnyOrigin('/api/v1/reports/[^/]+/?');
const PROJECTS = onAnyOrigin('/api/v1/projects/?');
const PROJECT = onAnyOrigin('/api/v1/projects/[^/]+/?');
const ANY_API = onAnyOrigin('/api/.*');
const LOGIN = onAnyOrigin('/login');

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | '*';

export interface SimulatorRoute {
  method: Method;
  /** Matched against the full URL without its query string. */
  url: RegExp;
  answer: (service: SimulatedService, request: Request) => Response | Promise<Response>;
}

export const ROUTES: readonly SimulatorRoute[] = [
  { method: 'OPTIONS', url: ANY_API, answer: (service) => service.preflight() },

  { method: 'GET', url: REPORTS, answer: (service, request) => service.serve(request, listReports) },
  { method: 'POST', url: REPORTS, answer: (service, request) => service.serve(request, storeReport) },
  { method: 'GET', url: REPORT, answer: (service, request) => service.serve(request, showReport) },
  { method: 'PUT', url: REPORT, answer: (service, request) => service.serve(request, updateReport) },
  { method: 'PATCH', url: REPORT, answer: (service, request) => service.serve(request, updateReport) },
  { method: 'DELETE', url: REPORT, answer: (service, request) => service.serve(request, deleteReport) },

  { method: 'GET', url: PROJECTS, answer: (service, request) => service.serve(request, listProjects) },
  { method: 'DELETE', url: PROJECT, answer: (service, request) => service.serve(request, deleteProject) },

  { method: '*', url: ANY_API, answer: (service, request) => service.serve(request, null) },

  // Where a browser-style request with a bad key is redirected to.
  { method: 'GET', url: LOGIN, answer: () => loginPage() },
];

/** The route for a request, or undefined (the caller answers 404). */
export function findRoute(request: Request): SimulatorRoute | undefined {
  const url = request.url.split('?')[0] ?? request.url;
  const method = request.method.toUpperCase();
  return ROUTES.find((route) => (route.method === '*' || route.method === method) && route.url.test(url));
}
