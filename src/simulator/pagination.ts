// The framework's length-aware paginator, as the service exposes it: a `data` page plus
// `links` and `meta`, with absolute URLs that keep the request's other query parameters.

const PER_PAGE_VALUES = ['10', '25', '50', '100'];
const DEFAULT_PER_PAGE = 10;

/** Anything but an allowed value falls back to the default: the service never answers 422 here. */
export function parsePerPage(raw: string | null): number {
  return raw !== null && PER_PAGE_VALUES.includes(raw) ? Number(raw) : DEFAULT_PER_PAGE;
}

/** Like PHP's FILTER_VALIDATE_INT plus "at least 1": garbage, 0 and negatives mean page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\s*\+?\d+\s*$/.test(raw)) return 1;
  const page = Number(raw.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface ListEnvelope<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    /** A string on purpose: some versions send meta numbers as strings and clients must coerce. */
    per_page: string;
    to: number | null;
    total: number;
  };
  status: 200;
}

// PHP's http_build_query with RFC 3986 encoding: spaces become %20, not '+'.
function pageUrl(requestUrl: URL, page: number): string {
  const params = new URLSearchParams(requestUrl.search);
  params.set('page', String(page));
  const query = [...params].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  return `${requestUrl.origin}${requestUrl.pathname}?${query}`;
}

/** Newer framework versions add this array; it mirrors the paginator's "window" of page links. */
function metaLinks(requestUrl: URL, current: number, last: number): PageLink[] {
  const pages: (number | null)[] = [];
  if (last <= 12) {
    for (let p = 1; p <= last; p += 1) pages.push(p);
  } else {
    const start = Math.max(3, current - 3);
    const end = Math.min(last - 2, current + 3);
    pages.push(1, 2);
    if (start > 3) pages.push(null);
    for (let p = start; p <= end; p += 1) pages.push(p);
    if (end < last - 2) pages.push(null);
    pages.push(last - 1, last);
  }
  return [
    { url: current > 1 ? pageUrl(requestUrl, current - 1) : null, label: '&laquo; Previous', active: false },
    ...pages.map((p) =>
      p === null
        ? { url: null, label: '...', active: false }
        : { url: pageUrl(requestUrl, p), label: String(p), active: p === current },
    ),
    { url: current < last ? pageUrl(requestUrl, current + 1) : null, label: 'Next &raquo;', active: false },
  ];
}

export function paginate<T>(items: readonly T[], requestUrl: URL, page: number, perPage: number): ListEnvelope<T> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const offset = (page - 1) * perPage;
  const data = items.slice(offset, offset + perPage);
  return {
    data,
    links: {
      first: pageUrl(requestUrl, 1),
      last: pageUrl(requestUrl, lastPage),
      // As in the framework, a page past the end still links back to the page before it.
      prev: page > 1 ? pageUrl(requestUrl, page - 1) : null,
      next: page < lastPage ? pageUrl(requestUrl, page + 1) : null,
    },
    meta: {
      current_page: page,
      from: data.length > 0 ? offset + 1 : null,
      last_page: lastPage,
      links: metaLinks(requestUrl, page, lastPage),
      path: `${requestUrl.origin}${requestUrl.pathname}`,
      per_page: String(perPage),
      to: data.length > 0 ? offset + data.length : null,
      total,
    },
    status: 200,
  };
}
