import { http, type HttpHandler } from 'msw';
import { deleteProject, listProjects } from './project-routes';
import { deleteReport, listReports, showReport, storeReport, updateReport } from './report-routes';
import { loginPage } from './responses';
import type { SimulatedService } from './service';

// MSW handlers for the simulated service, on any origin ('*'), so the same handlers serve
// tests (whatever base URL they configure), the demo and a local HTTP server. Order
// matters: the catch-all 404 must come after every real route.

export function createHandlers(service: SimulatedService): HttpHandler[] {
  return [
    http.options('*/api/*', () => service.preflight()),

    http.get('*/api/v1/reports', ({ request }) => service.serve(request, listReports)),
    http.post('*/api/v1/reports', ({ request }) => service.serve(request, storeReport)),
    http.get('*/api/v1/reports/:id', ({ request }) => service.serve(request, showReport)),
    http.put('*/api/v1/reports/:id', ({ request }) => service.serve(request, updateReport)),
    http.patch('*/api/v1/reports/:id', ({ request }) => service.serve(request, updateReport)),
    http.delete('*/api/v1/reports/:id', ({ request }) => service.serve(request, deleteReport)),

    http.get('*/api/v1/projects', ({ request }) => service.serve(request, listProjects)),
    // The name is read from the raw path by the route itself, so an encoded '/' survives.
    http.delete('*/api/v1/projects/:project', ({ request }) => service.serve(request, deleteProject)),

    http.all('*/api/*', ({ request }) => service.serve(request, null)),

    // Where a browser-style request with a bad key is redirected to.
    http.get('*/login', () => loginPage()),
  ];
}
