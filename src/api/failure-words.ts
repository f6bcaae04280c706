import { errorsCatalog } from './error-words/catalog';
import { CLIENT_FAILURES, describeStatus } from './error-words/client';
import { readErrorBody } from './error-body';
import { ApiError, retryAfterOf, type ApiErrorDetails, type ApiErrorKind } from './errors';

/*
 * What a failed request needs to say what went wrong: the client's own words, the reader of the
 * service's error answers, and the ApiError built from them. The first rows need none of it: it
 * loads with the first failure (./request.ts, `failure`) or in the idle moment after the first
 * data (main.tsx).
 */

/** The kinds of failure a request has of its own (an unknown outcome is the writes' finding). */
export type FailureKind = Exclude<ApiErrorKind, 'unknown-outcome'>;

/**
 * What a failure is made of: the ApiError's details, and what its words come from: the answer
 * of an `http` failure (`response`, its `text`), the text of an `invalid-response` (with the
 * reader's error as `cause`), the time a `timeout` waited.
 */
export interface Failure extends ApiErrorDetails {
  response?: Response;
  text?: string;
  timeoutMs?: number;
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// Asked for as soon as this code is here (with the first failure, or when idle after the first
// data: main.tsx), so that the words are in when a failure needs them.
void errorsCatalog()?.catch(() => undefined);

/**
 * Settles once the failures' words are in, in the language on screen (at once in English); rejects
 * when they cannot be fetched (offline): ./request.ts then says the failure in a few English words.
 */
export async function wordsReady(): Promise<void> {
  await errorsCatalog();
}

/** The ApiError of `kind` for a failure (what each kind carries: Failure, above). */
export function failureOf(kind: FailureKind, failure: Failure): ApiError {
  const { response, text = '' } = failure;
  if (!response) return new ApiError(kind, clientWords(kind, failure), failure);
  // The service's answer: its own message and field errors if it sent readable ones.
  const json = tryParseJson(text);
  const errorBody = json.ok ? readErrorBody(json.value) : undefined;
  return new ApiError(kind, errorBody?.message ?? describeStatus(response.status), {
    status: response.status,
    fieldErrors: errorBody?.fieldErrors ?? {},
    retryAfterSeconds: retryAfterOf(response),
  });
}

/** The client's own words, where the service said nothing to quote. */
function clientWords(kind: FailureKind, { status = 0, text = '', timeoutMs = 0, stoppedByUser }: Failure): string {
  const seconds = Math.round(timeoutMs / 1000);
  if (kind === 'http') return describeStatus(status);
  if (kind === 'network') return CLIENT_FAILURES.network();
  if (kind === 'timeout') return (stoppedByUser ? CLIENT_FAILURES.stoppedWaiting : CLIENT_FAILURES.timeout)(seconds);
  // An answer that is not JSON (a blank one was read as null), or JSON the reader refused.
  if (text.trim() === '' || tryParseJson(text).ok) return CLIENT_FAILURES.unexpectedShape();
  return /^\s*</.test(text) ? CLIENT_FAILURES.webPage() : CLIENT_FAILURES.notJson();
}
