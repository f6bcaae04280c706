/**
 * A list's view (search, filters, sort, page size, page) lives in the address bar under the API's
 * own parameter names, so that a view can be bookmarked, shared and restored with Back. This is
 * the one module that reads and writes it; each list only configures it (`createListState`) with
 * its parameters, their allowed values and its defaults.
 *
 * Anything a person (or a stale link) can put in the address is checked against what the API
 * allows; what does not fit is dropped, so garbage never reaches the service and the view falls
 * back to the defaults. Defaults are left out, so equal views have equal URLs, equal query keys
 * and equal requests.
 */

/** One parameter: its name in the address (the API's) and how a raw value is read. */
export interface ListParam<V> {
  name: string;
  parse: (raw: string | null) => V | undefined;
}

/** Free text: trimmed, empty means unset, and long enough for any real URL but not unbounded. */
export function textParam(name: string, maxLength = 500): ListParam<string> {
  return {
    name,
    // Trimmed again after the cut, so that reading a value twice gives the same value.
    parse: (raw) => raw?.trim().slice(0, maxLength).trim() || undefined,
  };
}

/** One of the values the API allows. */
export function oneOfParam<V extends string | number>(name: string, allowed: readonly V[]): ListParam<V> {
  return { name, parse: (raw) => (raw === null ? undefined : allowed.find((value) => String(value) === raw)) };
}

const MAX_PAGE = 1_000_000;

/** A page number above 1; page 1 is the default and is left out. */
export function pageParam(name = 'page'): ListParam<number> {
  return {
    name,
    parse: (raw) => {
      if (raw === null || !/^\d{1,7}$/.test(raw)) return undefined;
      const page = Number(raw);
      return page > 1 && page <= MAX_PAGE ? page : undefined;
    },
  };
}

type ParamsOf<P> = { [K in keyof P]?: ListParam<NonNullable<P[K]>> };

/** The view with its defaults filled in: what the controls show. */
export type Shown<P, D extends keyof P> = P & { [K in D]-?: NonNullable<P[K]> };

/** P: the list's parameters; D: those with a default. */
export interface ListStateConfig<P, D extends keyof P> {
  /** The parameters kept in the address, in the order they are written there. */
  params: ParamsOf<P>;
  /** What the service does when a parameter is left out: never written to the address. */
  defaults: { [K in D]-?: NonNullable<P[K]> };
  /** The parameters that narrow the list: with one of them set, an empty list means "no matches". */
  filters: readonly (keyof P)[];
  /** The address of the list for a query string, e.g. `paths.reports.getHref`. */
  at: (search: URLSearchParams) => string;
}

export interface ListState<P, D extends keyof P> {
  /** The view in an address's query string, keeping only allowed, non-default values. */
  parse: (search: URLSearchParams) => P;
  /** The view as a query string: allowed, non-default values only, in a stable order. */
  serialise: (params: P) => URLSearchParams;
  /** The address of a view; `at` places the list elsewhere (e.g. on a project's page). */
  href: (params: P, at?: (search: URLSearchParams) => string) => string;
  /** A change of what is shown (search, filter, sort, page size) starts again at page 1. */
  change: (params: P, change: Partial<P>) => P;
  hasFilters: (params: P) => boolean;
  shown: (params: P) => Shown<P, D>;
}

export function createListState<P extends { page?: number }, D extends keyof P>(
  config: ListStateConfig<P, D>,
): ListState<P, D> {
  const entries = Object.entries(config.params) as [keyof P & string, ListParam<unknown>][];
  const defaults = config.defaults as Partial<Record<keyof P, unknown>>;

  /** Each set value, read back as the address would give it: invalid and default values drop out. */
  const valuesOf = (read: (key: keyof P & string, param: ListParam<unknown>) => string | null) => {
    const values: [key: keyof P & string, name: string, value: unknown][] = [];
    for (const [key, param] of entries) {
      const value = param.parse(read(key, param));
      if (value !== undefined && value !== defaults[key]) values.push([key, param.name, value]);
    }
    return values;
  };

  const parse = (search: URLSearchParams): P =>
    Object.fromEntries(valuesOf((_key, param) => search.get(param.name)).map(([key, , value]) => [key, value])) as P;

  const serialise = (params: P): URLSearchParams => {
    const search = new URLSearchParams();
    const raw = (key: keyof P & string) => (params[key] === undefined ? null : String(params[key]));
    for (const [, name, value] of valuesOf(raw)) search.set(name, String(value));
    return search;
  };

  return {
    parse,
    serialise,
    href: (params, at = config.at) => at(serialise(params)),
    change: (params, change) => {
      const next: P = { ...params, ...change };
      if (!('page' in change)) delete next.page;
      return parse(serialise(next));
    },
    hasFilters: (params) => config.filters.some((key) => params[key] !== undefined),
    shown: (params) => {
      const shown: Record<string, unknown> = { ...config.defaults };
      for (const [key, value] of Object.entries(params)) if (value !== undefined) shown[key] = value;
      return shown as Shown<P, D>;
    },
  };
}
