/** Field name → messages, as the service's 422 answers carry them. */
export type FieldErrors = Record<string, string[]>;

/**
 * `unknown-outcome`: a write whose answer was lost (see ./write-outcomes.ts) and whose effect
 * could not be read back either: it may or may not have happened.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-response' | 'unknown-outcome';

export interface ApiErrorDetails {
  status?: number;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
  /** The person stopped waiting for the answer ("Still waiting for the service…" → Cancel). */
  stoppedByUser?: boolean;
  cause?: unknown;
}

/**
 * The one error type the v1 client throws (besides an AbortError when the caller cancels).
 * Messages are written for people and never contain the API key or request headers.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly fieldErrors: FieldErrors;
  readonly retryAfterSeconds: number | undefined;
  readonly stoppedByUser: boolean;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.stoppedByUser = details.stoppedByUser ?? false;
  }

  get isUnauthorized(): boolean {
    return this.kind === 'http' && this.status === 401;
  }

  get isNotFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }

  get isValidation(): boolean {
    return this.kind === 'http' && this.status === 422;
  }

  /** Worth another automatic try for a read: the failure may be transient. */
  get isTransient(): boolean {
    // Trying again behind the back of someone who just said "stop waiting" would be wrong.
    if (this.stoppedByUser) return false;
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    return this.kind === 'http' && this.status !== undefined && (this.status === 429 || this.status >= 500);
  }
}

/**
 * Seconds from an answer's Retry-After header (a number of seconds or an HTTP date), for the
 * request budget's pause and the reads' retry: read even when a failure's words are out of reach.
 */
export function retryAfterOf(response: Response | undefined): number | undefined {
  const header = response?.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
