/**
 * Every route of the app: its pattern (for the router) and its `getHref` (for links and
 * navigation). No other file writes a path. Addresses are inside the app: the router adds the
 * deployment's base path (BASE_PATH) itself.
 *
 * List views keep their state in the query string; its parameters are built by each list's
 * own list state (`reportListState`, `projectListState`) and passed here as `search`.
 */

const REPORTS = '/reports';
const PROJECTS = '/projects';

function withSearch(pathname: string, search?: URLSearchParams): string {
  const query = search?.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export const paths = {
  home: { pattern: '/', getHref: () => '/' },
  reports: { pattern: REPORTS, getHref: (search?: URLSearchParams) => withSearch(REPORTS, search) },
  newReport: { pattern: `${REPORTS}/new`, getHref: () => `${REPORTS}/new` },
  report: {
    pattern: `${REPORTS}/:id`,
    getHref: (id: string) => `${REPORTS}/${encodeURIComponent(id)}`,
  },
  projects: { pattern: PROJECTS, getHref: (search?: URLSearchParams) => withSearch(PROJECTS, search) },
  project: {
    pattern: `${PROJECTS}/:project`,
    /**
     * Project names are hosts as the service stored them, and legacy ones hold anything: spaces,
     * `/`, `%`, `#`, `?`, non-ASCII. The name is one path segment, so every such character is
     * percent-encoded; `/` above all, or it would split the segment.
     */
    getHref: (name: string, search?: URLSearchParams) =>
      canBeAddressed(name)
        ? withSearch(`${PROJECTS}/${encodeURIComponent(name)}`, search)
        : // No page can be addressed for "." or "..": its reports, through the list's filter.
          withSearch(REPORTS, new URLSearchParams({ project: name })),
  },
  /** One issue of a project's audit: the pages failing the check. */
  issue: {
    pattern: `${PROJECTS}/:project/issues/:check`,
    getHref: (project: string, check: string) =>
      `${PROJECTS}/${encodeURIComponent(project)}/issues/${encodeURIComponent(check)}`,
  },
  settings: { pattern: '/settings', getHref: () => '/settings' },
} as const;

/**
 * Whether a project name can be one segment of an address. "." and ".." cannot: the URL standard
 * resolves them (and their percent-encoded forms) as path steps, so `/projects/..` is `/` and a
 * DELETE of `/api/v1/projects/..` would reach `/api/v1/`. Such projects are shown through the
 * reports list's project filter (a query parameter) and are never deleted by name.
 */
export function canBeAddressed(projectName: string): boolean {
  return projectName !== '' && !/^(\.|%2e){1,2}$/i.test(projectName);
}

/**
 * The project name from the address's raw (still encoded) pathname, or null when there is none
 * or its encoding is malformed.
 *
 * Why not the router's `:project` param: react-router 7 decodes each segment and then turns
 * every `%2F` in the param back into `/`, so a name that literally contains the text "%2F"
 * (encoded `%252F`) would arrive as a different name. Decoding the raw segment once is exact.
 */
export function projectNameFromPathname(pathname: string): string | null {
  const prefix = `${PROJECTS}/`;
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
