/**
 * Every route of the app: its pattern (for the router) and its `getHref` (for links and
 * navigation). No other file writes a path. Addresses are inside the app: the router adds the
 * deployment's base path (BASE_PATH) itself.
 *
 * List views keep their state in the query string; its parameters are built by each list's
 * own list state (`reportListState`, `projectListState`) and passed here as `search`. The way
 * back, names read from an address, is ./paths-from-address.ts.
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
  /** Two reports side by side, report A then report B (read back: comparedIdsFromSearch). */
  compare: {
    pattern: '/compare',
    getHref: (a: string, b: string) => `/compare?${new URLSearchParams({ a, b }).toString()}`,
  },
  /** What changed on a project between two days (`from`, `to`: YYYY-MM-DD in the query string). */
  changes: {
    pattern: `${PROJECTS}/:project/changes`,
    getHref: (project: string, search?: URLSearchParams) =>
      withSearch(`${PROJECTS}/${encodeURIComponent(project)}/changes`, search),
  },
  /** A project's printable report for its client (`from`, `to`: YYYY-MM-DD, as the change report). */
  projectReport: {
    pattern: `${PROJECTS}/:project/report`,
    getHref: (project: string, search?: URLSearchParams) =>
      withSearch(`${PROJECTS}/${encodeURIComponent(project)}/report`, search),
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
