import { isApiError } from '../errors';

/**
 * Why a connection test failed, for the person setting the connection up: it names the address
 * tried and what usually causes each failure there (a wrong key, CORS, a base URL with /api/v1).
 */
export function describeConnectionTestFailure(error: unknown, baseUrl: string): string {
  const where = baseUrl || 'this dashboard’s own origin';
  if (!isApiError(error)) return 'The test failed for an unexpected reason.';
  if (error.isUnauthorized) return 'The service rejected this API key. Check that it is complete and still valid.';
  if (error.status === 403) return 'The key works, but this account has no access to the API.';
  if (error.kind === 'network') {
    const plainHttp = baseUrl.startsWith('http:')
      ? ' This deployment’s security policy may also allow HTTPS services only (API_ORIGINS when it is built).'
      : '';
    return `Could not reach the service at ${where}. It may be down or the address may be wrong. If it is up, it may not allow cross-origin requests from this dashboard: serve the dashboard and the API from one origin with a reverse proxy of /api/ (see deploy/nginx.conf, or API_PROXY_TARGET for npm run dev) and leave the base URL empty.${plainHttp}`;
  }
  if (error.kind === 'timeout') return `The service at ${where} did not answer in time.`;
  if (error.kind === 'invalid-response') {
    return `Something answered at ${where}, but not the v1 API. Check the API base URL (it should not include /api/v1).`;
  }
  return `The service answered with an error: ${error.message}`;
}
