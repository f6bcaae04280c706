import { paginate, parsePage, parsePerPage } from './pagination';
import { json, notFound } from './responses';
import { lastPathSegment, type Route } from './route-context';
import { compareText, parseSortDirection } from './sorting';
import type { ProjectRecord } from './types';

// /api/v1/projects and /api/v1/projects/{project}. Projects are a GROUP BY over reports.

function compareProjects(key: string | null): (a: ProjectRecord, b: ProjectRecord) => number {
  if (key === 'project') return (a, b) => compareText(a.project, b.project);
  // created_at is the default, and the fallback for unknown keys; ties go by name.
  return (a, b) => compareText(a.created_at, b.created_at) || compareText(a.project, b.project);
}

export const listProjects: Route = (request, { store }) => {
  const url = new URL(request.url);
  const params = url.searchParams;
  let projects = store.projects();

  // search_by has one allowed value, project; a substring match, unlike the reports' project filter.
  const search = params.get('search')?.trim().toLowerCase();
  if (search) projects = projects.filter((project) => project.project.toLowerCase().includes(search));

  const compare = compareProjects(params.get('sort_by'));
  const direction = parseSortDirection(params.get('sort')) === 'asc' ? 1 : -1;
  projects.sort((a, b) => direction * compare(a, b));

  return json(paginate(projects, url, parsePage(params.get('page')), parsePerPage(params.get('per_page'))));
};

export const deleteProject: Route = (request, { store }) => {
  const name = lastPathSegment(request);
  if (name === null || store.removeProject(name) === 0) return notFound();
  // "object": "report" is what the service really says here.
  return json({ id: name, object: 'report', deleted: true, status: 200 });
};
