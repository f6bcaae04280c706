import { t } from '@lingui/core/macro';
import { pageKey } from '../audit';
import { SEGMENT_PATTERN_MAX } from '../workspace';

/**
 * Which pages a segment's pattern takes: pure, and the only place that says it.
 *
 * A pattern is either
 * - a path, starting with `/`: compared with the page's path (`/blog/`), or
 * - a whole address, with its host (`shop.example.com/blog/`, `https://www.example.com/blog`) or
 *   starting with `*` (`*\/products/*`): compared with the page's host and path.
 *
 * Without `*`, a pattern is a prefix that stops at a `/` of the address: `/blog` and `/blog/` both
 * take `/blog`, `/blog/` and `/blog/2026/post`, never `/blogging`.
 * With `*`, the pattern is the whole address, and each `*` stands for any run of characters,
 * none included and `/` included: `/blog/*` takes `/blog/post` and `/blog/2026/post` but not
 * `/blog/` itself; `*\/products/*` takes the pages under `/products/` of any host.
 *
 * Both sides are compared as the service stores an address (lib/service-url.ts, via the audit's
 * `pageKey`): no scheme, no `www.`, no trailing slash, no `#fragment`. Then: letters of any case
 * are the same; percent-encoded and plain characters are the same (`/caf%C3%A9` is `/café`; in a
 * pattern, `%2A` is a literal `*`); the query string is ignored unless the pattern has a `?`
 * itself (`/search?q=*`). Every other character of a pattern is itself: no RegExp is built from
 * it, and matching is a few `indexOf` per page, however the pattern is written.
 */

export interface SegmentPattern {
  /** `path`: compared with the page's path; `address`: with its host and path. */
  scope: 'path' | 'address';
  /** Decoded, lower-case pieces between the `*`s; one piece: no `*`, a prefix. */
  pieces: string[];
  /** The pattern has a `?`: the page's query string is compared too. */
  withQuery: boolean;
}

export type PatternReading = { pattern: SegmentPattern; problem?: never } | { problem: string; pattern?: never };

/** `%XX` runs decoded where they are UTF-8; a broken sequence stays as it was written. */
function decode(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const comparable = (text: string) => decode(text).toLowerCase();

/**
 * Reads a pattern written by a person, with words for one that cannot be read: in the language on
 * screen when it is called (the segments' catalog is loaded by the component that shows them).
 */
export function readPattern(input: string): PatternReading {
  const text = input.trim();
  if (text === '') return { problem: t`Write a path such as /blog/ or /blog/*.` };
  if (text.length > SEGMENT_PATTERN_MAX) {
    const max = SEGMENT_PATTERN_MAX;
    return { problem: t`A pattern is at most ${max} characters long.` };
  }
  if (/\s/.test(text)) return { problem: t`A pattern has no spaces: write a space in an address as %20.` };
  if (text.includes('#')) return { problem: t`The part after # is never part of a page’s address: leave it out.` };

  let rest = text;
  let scope: SegmentPattern['scope'];
  if (rest.startsWith('/')) scope = 'path';
  else if (rest.startsWith('*')) scope = 'address';
  else {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
    if (scheme && !/^https?$/i.test(scheme[1] as string))
      return { problem: t`Only http and https addresses are analysed.` };
    rest = rest.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
    const host = rest.split(/[/?]/, 1)[0] as string;
    // A host name has a dot (or is localhost), and a port is digits: "blog/" is a path that lacks
    // its leading slash, "javascript:…" no address at all.
    const [name = '', port, ...more] = host.split(':');
    if ((name !== 'localhost' && !name.includes('.')) || (port !== undefined && !/^\d{1,5}$/.test(port)) || more.length)
      return {
        problem: t`Start a path with / (such as /blog/), or write the address with its host (such as shop.example.com/blog/).`,
      };
    scope = 'address';
  }
  const cut = rest.indexOf('?');
  const withQuery = cut >= 0;
  // Addresses are kept without a trailing slash, and so is the pattern (but `/` alone stays).
  const path = (withQuery ? rest.slice(0, cut) : rest).replace(/(.)\/+$/, '$1');
  const written = withQuery ? path + rest.slice(cut) : path;
  // Split on `*` before decoding: an encoded `%2A` is a literal star, not a wildcard.
  const pieces = written.replace(/\*+/g, '*').split('*').map(comparable);
  return { pattern: { scope, pieces, withQuery } };
}

/** A page's address prepared once for every pattern (see `addressOf`). */
export interface PageAddress {
  host: string;
  path: string;
  /** With its `?`, or ''. */
  query: string;
}

/** The page's address as patterns see it: its `pageKey`, split, decoded, in lower case. */
export function addressOf(url: string): PageAddress {
  const key = pageKey(url);
  const slash = key.search(/[/?]/);
  const host = slash < 0 ? key : key.slice(0, slash);
  const rest = slash < 0 ? '' : key.slice(slash);
  const cut = rest.indexOf('?');
  const path = cut < 0 ? rest : rest.slice(0, cut);
  return {
    host: host.toLowerCase(),
    path: comparable(path === '' ? '/' : path),
    query: cut < 0 ? '' : comparable(rest.slice(cut)),
  };
}

/**
 * A path prefix ends where a step of the address ends: `/blog` is not a prefix of `/blogging`.
 * A prefix with a query string is compared as it is written (`/search?q=` takes `/search?q=shoes`).
 */
function isPrefixAt(subject: string, prefix: string, withQuery: boolean): boolean {
  if (!subject.startsWith(prefix)) return false;
  if (withQuery || subject.length === prefix.length || prefix.endsWith('/')) return true;
  return subject[prefix.length] === '/';
}

/** Each piece in order, the first at the start and the last at the end: linear, no backtracking. */
function matchesWildcard(subject: string, pieces: readonly string[]): boolean {
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  if (!subject.startsWith(first)) return false;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i += 1) {
    const found = subject.indexOf(pieces[i] as string, at);
    if (found < 0) return false;
    at = found + (pieces[i] as string).length;
  }
  return subject.length - last.length >= at && subject.endsWith(last);
}

export function matchesPattern(pattern: SegmentPattern, page: PageAddress): boolean {
  const path = pattern.withQuery ? page.path + page.query : page.path;
  // The home page of a host is `host` alone: `example.com/` and `example.com` are one address.
  const subject = pattern.scope === 'path' ? path : page.host + (path === '/' ? '' : path);
  return pattern.pieces.length === 1
    ? isPrefixAt(subject, pattern.pieces[0] as string, pattern.withQuery)
    : matchesWildcard(subject, pattern.pieces);
}

/** Whether a pattern written by a person takes a page's address; false for one that cannot be read. */
export function matchesUrl(patternText: string, url: string): boolean {
  const { pattern } = readPattern(patternText);
  return pattern !== undefined && matchesPattern(pattern, addressOf(url));
}
