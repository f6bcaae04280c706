import { isObject } from './parsers';

/** A field's messages: a list of strings, or one string. undefined when neither. */
function messages(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((message) => typeof message === 'string')) return value as string[];
  return undefined;
}

/** Field → messages; undefined when any entry is not readable (the whole body is then ignored). */
function fieldMessages(value: unknown): Record<string, string[]> | undefined {
  if (!isObject(value)) return undefined;
  const entries: [string, string[]][] = [];
  for (const [field, raw] of Object.entries(value)) {
    const list = messages(raw);
    if (list === undefined) return undefined;
    // A key no form has, and one that must never become an object's own prototype.
    if (field !== '__proto__') entries.push([field, list]);
  }
  return Object.fromEntries(entries);
}

/**
 * Both 422 shapes: the service's `{message: {field: [...]}}` and the framework's
 * `{message, errors}`. undefined when the body is neither (an HTML page, a proxy's JSON).
 */
export function readErrorBody(
  value: unknown,
): { message: string | undefined; fieldErrors: Record<string, string[]> } | undefined {
  if (!isObject(value)) return undefined;
  const { message, errors } = value;
  const messageFields = typeof message === 'string' || message === undefined ? {} : fieldMessages(message);
  const errorFields = errors === undefined ? {} : fieldMessages(errors);
  if (messageFields === undefined || errorFields === undefined) return undefined;
  return {
    message: typeof message === 'string' ? message : undefined,
    fieldErrors: { ...messageFields, ...errorFields },
  };
}
