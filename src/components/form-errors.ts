import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/errors';

/**
 * Puts the field errors of a 422 answer on a react-hook-form form, each on its field, and moves
 * focus to the first one. Returns the messages of fields the form does not have (the service
 * may name a field we do not show), so that the caller shows them rather than losing them;
 * null when the error is not a 422 with field errors, for the caller to describe otherwise.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] | null {
  if (!isApiError(error) || !error.isValidation) return null;
  const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return null;
  const elsewhere: string[] = [];
  let focused = false;
  for (const [name, messages] of entries) {
    const field = fields.find((candidate) => candidate === name);
    if (field === undefined) {
      elsewhere.push(...messages);
      continue;
    }
    setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
    focused = true;
  }
  return elsewhere;
}
