import { http, type HttpHandler } from 'msw';
import { ROUTES } from './routes';
import type { Simulator } from './index';

/**
 * The simulated service as MSW request handlers, for `setupServer(...createMswHandlers(sim))` in
 * tests. Built from the same route table as the simulator's own fetch, so both answer alike.
 */
export function createMswHandlers(simulator: Simulator): HttpHandler[] {
  return ROUTES.map((route) => {
    const resolver = ({ request }: { request: Request }) => route.answer(simulator.service, request);
    switch (route.method) {
      case 'GET':
        return http.get(route.url, resolver);
      case 'POST':
        return http.post(route.url, resolver);
      case 'PUT':
        return http.put(route.url, resolver);
      case 'PATCH':
        return http.patch(route.url, resolver);
      case 'DELETE':
        return http.delete(route.url, resolver);
      case 'OPTIONS':
        return http.options(route.url, resolver);
      case '*':
        return http.all(route.url, resolver);
    }
  });
}
