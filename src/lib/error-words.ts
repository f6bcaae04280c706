import { isApiError } from '../api/errors';

/**
 * Every failure in plain words, in one place: what the client puts in an ApiError's message when
 * the service gave none, and what the pages say about an error (title, detail, the way on).
 * Messages never contain the API key or request headers.
 */

/** A status the service answered without a message of its own. */
export function describeStatus(status: number): string {
  if (status === 401) return 'The service rejected the API key.';
  if (status === 403) return 'The service refused this action.';
  if (status === 404) return 'Not found.';
  if (status === 422) return 'The service could not accept these values.';
  if (status === 429) return 'Too many requests: the service asks us to slow down.';
  if (status >= 500) return `The service had a problem (${status}). Please try again.`;
  return `The service answered with an error (${status}).`;
}

/** The client's own failures, where there is no answer from the service to quote. */
export const CLIENT_FAILURES = {
  network:
    'Could not reach the service. Check your connection, the API base URL, and that the service allows requests from this dashboard (CORS).',
  timeout: (seconds: number) => `The service did not answer within ${seconds} seconds.`,
  webPage: 'The service answered with a web page instead of API data. Check the API base URL.',
  notJson: 'The service answered with something that is not API data.',
  unexpectedShape: 'The service answered with data of an unexpected shape.',
};

export interface ErrorWords {
  title: string;
  detail: string;
  /** The way on is the settings page (the key or the address), rather than trying again. */
  needsSettings: boolean;
}

/** What to tell a person about a failure, in plain words, with the way on. */
export function describeError(error: unknown): ErrorWords {
  if (isApiError(error)) {
    if (error.isUnauthorized) {
      return {
        title: 'The API key was rejected',
        detail: 'Check or replace the key on the settings page.',
        needsSettings: true,
      };
    }
    if (error.kind === 'network') {
      return { title: 'Could not reach the service', detail: error.message, needsSettings: true };
    }
    if (error.kind === 'timeout')
      return { title: 'The service is taking too long', detail: error.message, needsSettings: false };
    if (error.kind === 'invalid-response') {
      return { title: 'The service sent something unexpected', detail: error.message, needsSettings: true };
    }
    if (error.status === 403) return { title: 'Not allowed', detail: error.message, needsSettings: false };
    if (error.status === 429)
      return {
        title: 'Too many requests',
        detail: 'The service asked us to slow down. Try again in a minute.',
        needsSettings: false,
      };
    return { title: 'The service had a problem', detail: error.message, needsSettings: false };
  }
  return {
    title: 'Something went wrong',
    detail: 'An unexpected error happened in the dashboard.',
    needsSettings: false,
  };
}

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
