import { projectHref } from './project-href';

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
