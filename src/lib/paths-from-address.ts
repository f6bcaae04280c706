import { canBeAddressed, paths, PROJECT_PART_SEGMENTS } from './paths';

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

/** Which part of a project's page an address shows: its issues (the project's own address) or another. */
export type ProjectPart = 'issues' | (typeof PROJECT_PART_SEGMENTS)[number];

/**
 * The project and the part of its page of a raw pathname (see projectNameFromPathname): the
 * project's own address is its issues; `/pages`, `/segments`, `/watch`, `/settings` after it, the
 * other parts. Null for any other address.
 */
export function projectPartFromPathname(pathname: string): { project: string; part: ProjectPart } | null {
  const trimmed = pathname.replace(/\/+$/, '');
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  const part = PROJECT_PART_SEGMENTS.find((segment) => segment === last);
  const ofPart = part ? projectNameFromPathname(trimmed.slice(0, -(part.length + 1))) : null;
  if (part && ofPart !== null) return { project: ofPart, part };
  // A project may be named "pages": `/projects/pages` is its issues.
  const project = projectNameFromPathname(trimmed);
  return project === null ? null : { project, part: 'issues' };
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

/** What a comparison's address (`/compare?a=…&b=…`) names, or what is wrong with it. */
export type ComparedIds =
  | { ok: true; a: string; b: string }
  /** One or both ids are not there (or empty). */
  | { ok: false; problem: 'missing'; missing: ('a' | 'b')[] }
  /** A value that cannot be a report id (the first such side), as it was in the address. */
  | { ok: false; problem: 'not-an-id'; side: 'a' | 'b'; value: string }
  | { ok: false; problem: 'same'; id: string };

/**
 * The service's ids are integers; other versions may use other tokens, but never spaces, markup
 * or path characters, and never pages of text. Anything else is refused before a request is sent.
 */
const REPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The two report ids of a comparison's query string, checked before anything is asked of the service. */
export function comparedIdsFromSearch(search: URLSearchParams): ComparedIds {
  const a = search.get('a')?.trim() ?? '';
  const b = search.get('b')?.trim() ?? '';
  const missing = (['a', 'b'] as const).filter((side) => (side === 'a' ? a : b) === '');
  if (missing.length > 0) return { ok: false, problem: 'missing', missing };
  if (!REPORT_ID.test(a)) return { ok: false, problem: 'not-an-id', side: 'a', value: a };
  if (!REPORT_ID.test(b)) return { ok: false, problem: 'not-an-id', side: 'b', value: b };
  if (a === b) return { ok: false, problem: 'same', id: a };
  return { ok: true, a, b };
}

/** The project of a change report's raw pathname (see projectNameFromPathname), or null. */
export function changesProjectFromPathname(pathname: string): string | null {
  const [, projectPath = ''] = /^(.*)\/changes\/*$/.exec(pathname) ?? [];
  const project = projectNameFromPathname(projectPath);
  return project !== null && canBeAddressed(project) ? project : null;
}

/** The project of a project report's raw pathname (see projectNameFromPathname), or null. */
export function reportProjectFromPathname(pathname: string): string | null {
  const [, projectPath = ''] = /^(.*)\/report\/*$/.exec(pathname) ?? [];
  const project = projectNameFromPathname(projectPath);
  return project !== null && canBeAddressed(project) ? project : null;
}
