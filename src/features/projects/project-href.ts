/**
 * Project names are hosts as the service stored them, and legacy ones hold anything: spaces,
 * `/`, `%`, `#`, `?`, non-ASCII. The name is one path segment, so every such character is
 * percent-encoded; `/` above all, or it would split the segment.
 */
export function projectHref(name: string): string {
  return `/projects/${encodeURIComponent(name)}`;
}

const PREFIX = '/projects/';

/**
 * The project name from the address's raw (still encoded) pathname, or null when there is none
 * or its encoding is malformed.
 *
 * Why not the router's `:project` param: react-router 7 decodes each segment and then turns
 * every `%2F` in the param back into `/`, so a name that literally contains the text "%2F"
 * (encoded `%252F`) would arrive as a different name. Decoding the raw segment once is exact.
 */
export function projectNameFromPathname(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  // A trailing slash is the router's tolerance, never part of a name (a name's `/` is `%2F`).
  const raw = pathname.slice(PREFIX.length).replace(/\/+$/, '');
  if (!raw || raw.includes('/')) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The page of one issue of a project's audit: the pages failing the check. */
export function issueHref(project: string, check: string): string {
  return `${projectHref(project)}/issues/${encodeURIComponent(check)}`;
}

/** The project and check of an issue page's raw pathname (see projectNameFromPathname), or null. */
export function issueFromPathname(pathname: string): { project: string; check: string } | null {
  const match = /^\/projects\/([^/]+)\/issues\/([^/]+)\/*$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { project: decodeURIComponent(match[1]), check: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}
