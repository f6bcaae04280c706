/**
 * Reading list state from the address bar. Anything a person (or a stale link) can put there is
 * checked against what the API allows; what does not fit is dropped, so garbage never reaches the
 * service and the view falls back to the defaults.
 */

export function pickAllowed<T extends string | number>(raw: string | null, allowed: readonly T[]): T | undefined {
  if (raw === null) return undefined;
  return allowed.find((value) => String(value) === raw);
}

const MAX_PAGE = 1_000_000;

/** A page number above 1; page 1 is the default and is left out. */
export function parsePage(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return undefined;
  const page = Number(raw);
  return page > 1 && page <= MAX_PAGE ? page : undefined;
}

/** Free text: trimmed, empty means unset, and long enough for any real URL but not unbounded. */
export function parseText(raw: string | null, maxLength = 500): string | undefined {
  const text = raw?.trim().slice(0, maxLength);
  return text ? text : undefined;
}

/** Writes only the set values, in a stable order, under the API's own parameter names. */
export function toSearchParams(entries: [name: string, value: string | number | undefined][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** Drops keys whose value is undefined, so equal views give equal objects (and query keys). */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
