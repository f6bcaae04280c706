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
