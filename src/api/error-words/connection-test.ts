import { t } from '@lingui/core/macro';
import { isApiError } from '../errors';

/**
 * Why a connection test failed, for the person setting the connection up: it names the address
 * tried and what usually causes each failure there (a wrong key, CORS, a base URL with /api/v1).
 */
export function describeConnectionTestFailure(error: unknown, baseUrl: string): string {
  const where = baseUrl || t`this dashboard’s own origin`;
  if (!isApiError(error)) return t`The test failed for an unexpected reason.`;
  if (error.isUnauthorized) return t`The service rejected this API key. Check that it is complete and still valid.`;
  if (error.status === 403) return t`The key works, but this account has no access to the API.`;
  if (error.kind === 'network') {
    const unreachable = t`Could not reach the service at ${where}. It may be down or the address may be wrong. If it is up, it may not allow cross-origin requests from this dashboard: serve the dashboard and the API from one origin with a reverse proxy of /api/ (see deploy/nginx.conf, or API_PROXY_TARGET for npm run dev) and leave the base URL empty.`;
    // A sentence of its own, said after the first.
    return baseUrl.startsWith('http:')
      ? `${unreachable} ${t`This deployment’s security policy may also allow HTTPS services only (API_ORIGINS when it is built).`}`
      : unreachable;
  }
  if (error.kind === 'timeout') return t`The service at ${where} did not answer in time.`;
  if (error.kind === 'invalid-response') {
    return t`Something answered at ${where}, but not the v1 API. Check the API base URL (it should not include /api/v1).`;
  }
  const message = error.message;
  return t`The service answered with an error: ${message}`;
}
