import { Link } from 'react-router-dom';
import { isApiError } from '../api';

/** What to tell a person about a failure, in plain words, with the way on. */
export function describeError(error: unknown): { title: string; detail: string; needsSettings: boolean } {
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

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, detail, needsSettings } = describeError(error);
  // A rejected key is announced once, by the app-wide banner; here it only explains the gap.
  const announced = isApiError(error) && error.isUnauthorized;
  return (
    <div className="state state--error" role={announced ? undefined : 'alert'}>
      <h2>{title}</h2>
      <p>{detail}</p>
      <div className="state__actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        {needsSettings ? <Link to="/settings">Open settings</Link> : null}
      </div>
    </div>
  );
}
