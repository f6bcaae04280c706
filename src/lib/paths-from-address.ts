import { canBeAddressed, paths } from './paths';

/**
 * The way back from ./paths.ts: the names an address holds, read from its pathname. Apart from
 * the paths, which the first paint of /reports needs, so that these load with the pages that
 * read them (docs/decisions/0027).
 */

/**
 * The project name from the address's raw (still encoded) pathname, or null when there is none
 * or its encoding is malformed.
 *
 * Why not the router's `:project` param: react-router 7 decodes each segment and then turns
 * every `%2F` in the param back into `/`, so a name that literally contains the text "%2F"
 * (encoded `%252F`) would arrive as a different name. Decoding the raw segment once is exact.
 */
export function projectNameFromPathname(pathname: string): string | null {
  const prefix = `${paths.projects.pattern}/`;
  if (!pathname.startsWith(prefix)) return null;
  // A trailing slash is the router's tolerance, never part of a name (a name's `/` is `%2F`).
  const raw = pathname.slice(prefix.length).replace(/\/+$/, '');
  if (!raw || raw.includes('/')) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The project and check of an issue page's raw pathname (see projectNameFromPathname), or null. */
export function issueFromPathname(pathname: string): { project: string; check: string } | null {
  const [, projectPath = '', check = ''] = /^(.*)\/issues\/([^/]+)\/*$/.exec(pathname) ?? [];
  const project = projectNameFromPathname(projectPath);
  try {
    return project !== null && canBeAddressed(project) ? { project, check: decodeURIComponent(check) } : null;
  } catch {
    return null;
  }
}

/** The project of a change report's raw pathname (see projectNameFromPathname), or null. */
export function changesProjectFromPathname(pathname: string): string | null {
  const [, projectPath = ''] = /^(.*)\/changes\/*$/.exec(pathname) ?? [];
  const project = projectNameFromPathname(projectPath);
  return project !== null && canBeAddressed(project) ? project : null;
}
