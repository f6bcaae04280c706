import { plural, t } from '@lingui/core/macro';

/**
 * The client's own words for a failure: what an ApiError says when the service gave no message
 * of its own. They load with the first failure (../request.ts, `failure`), not with the first rows,
 * and are said in the language on screen when the error is made (../failure-words.ts waits for
 * their catalog). Messages never contain the API key or headers.
 */

/** A status the service answered without a message of its own. */
export function describeStatus(status: number): string {
  if (status === 401) return t`The service rejected the API key.`;
  if (status === 403) return t`The service refused this action.`;
  if (status === 404) return t`Not found.`;
  if (status === 422) return t`The service could not accept these values.`;
  if (status === 429) return t`Too many requests: the service asks us to slow down.`;
  if (status >= 500) return t`The service had a problem (${status}). Please try again.`;
  return t`The service answered with an error (${status}).`;
}

/** The client's own failures, where there is no answer from the service to quote. */
export const CLIENT_FAILURES = {
  network: () =>
    t`Could not reach the service. Check your connection, the API base URL, and that the service allows requests from this dashboard (CORS).`,
  timeout: (seconds: number) =>
    plural(seconds, {
      one: 'The service did not answer within # second.',
      other: 'The service did not answer within # seconds.',
    }),
  stoppedWaiting: (seconds: number) =>
    plural(seconds, {
      one: 'You stopped waiting: the service had not answered for more than # second.',
      other: 'You stopped waiting: the service had not answered for more than # seconds.',
    }),
  webPage: () => t`The service answered with a web page instead of API data. Check the API base URL.`,
  notJson: () => t`The service answered with something that is not API data.`,
  unexpectedShape: () => t`The service answered with data of an unexpected shape.`,
};
