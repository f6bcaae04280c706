import { t } from '@lingui/core/macro';
import { isApiError } from '../errors';

export interface ErrorWords {
  title: string;
  detail: string;
  /** The way on is the settings page (the key or the address), rather than trying again. */
  needsSettings: boolean;
}

/**
 * What to tell a person about a failure, in plain words, with the way on, in the language on
 * screen: a part that shows them loads their catalog first (`useCatalog(errorsCatalog)`); a
 * failure of the client's loaded it before it was made (../failure-words.ts). What the service
 * said (an error's message from its answer) stays as it was sent.
 */
export function describeError(error: unknown): ErrorWords {
  if (isApiError(error)) {
    if (error.isUnauthorized) {
      return {
        title: t`The API key was rejected`,
        detail: t`Check or replace the key on the settings page.`,
        needsSettings: true,
      };
    }
    if (error.kind === 'unknown-outcome') {
      // Its message names the write in English, for whoever reads the error itself; a page says it
      // in the language on screen (its own question, if it has one: components/write-outcome.tsx).
      return {
        title: t`The outcome is not known yet`,
        detail: t`The connection was lost before the service answered, and the service cannot be reached to check. Nothing will be sent again until we know.`,
        needsSettings: false,
      };
    }
    if (error.kind === 'network') {
      return { title: t`Could not reach the service`, detail: error.message, needsSettings: true };
    }
    if (error.kind === 'timeout')
      return { title: t`The service is taking too long`, detail: error.message, needsSettings: false };
    if (error.kind === 'invalid-response') {
      return { title: t`The service sent something unexpected`, detail: error.message, needsSettings: true };
    }
    if (error.status === 403) return { title: t`Not allowed`, detail: error.message, needsSettings: false };
    if (error.status === 429)
      return {
        title: t`Too many requests`,
        detail: t`The service asked us to slow down. Try again in a minute.`,
        needsSettings: false,
      };
    return { title: t`The service had a problem`, detail: error.message, needsSettings: false };
  }
  return {
    title: t`Something went wrong`,
    detail: t`An unexpected error happened in the dashboard.`,
    needsSettings: false,
  };
}

/**
 * A failure's title said inside a sentence ("The privacy was not changed: the service is taking
 * too long."): only its first letter lowered, so that a name ("API") and a German noun keep theirs.
 */
export function reasonInSentence(title: string): string {
  return title.charAt(0).toLowerCase() + title.slice(1);
}
