import { isApiError } from '../errors';

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
    if (error.kind === 'unknown-outcome') {
      return { title: 'The outcome is not known yet', detail: error.message, needsSettings: false };
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
