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

/**
 * A part of a project's page (docs/decisions/0097): one address each, below the project's own.
 * Its filters stay in the query string. A name that cannot be addressed has no page, nor parts:
 * its reports, through the list's filter, as `project`.
 */
function projectPart(part: string) {
  return {
    pattern: `${PROJECTS}/:project/${part}`,
    getHref: (name: string, search?: URLSearchParams) =>
      canBeAddressed(name)
        ? withSearch(`${PROJECTS}/${encodeURIComponent(name)}/${part}`, search)
        : withSearch(REPORTS, new URLSearchParams({ project: name })),
  };
}

/** The parts' last segments, after the project's name: how an address is read back. */
export const PROJECT_PART_SEGMENTS = ['pages', 'segments', 'watch', 'settings'] as const;

export const paths = {
  home: { pattern: '/', getHref: () => '/' },
  reports: { pattern: REPORTS, getHref: (search?: URLSearchParams) => withSearch(REPORTS, search) },
  newReport: { pattern: `${REPORTS}/new`, getHref: () => `${REPORTS}/new` },
  report: {
    pattern: `${REPORTS}/:id`,
    getHref: (id: string) => `${REPORTS}/${encodeURIComponent(id)}`,
  },
  projects: { pattern: PROJECTS, getHref: (search?: URLSearchParams) => withSearch(PROJECTS, search) },
  /** A project's page: its health above, and its issues as the first of its parts (the others below). */
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
  /** A project's pages: the service's list of its reports, or a segment's pages (the list's filters in the query). */
  projectPages: projectPart('pages'),
  /** A project's segments: each one's pages and health, and adding, renaming, removing. */
  projectSegments: projectPart('segments'),
  /** What Needs attention watches on a project, and its re-analysis plan. */
  projectWatch: projectPart('watch'),
  /** The project itself: deleting it. */
  projectSettings: projectPart('settings'),
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
