import { analysePage, reanalysePage } from './checks';
import { paginate, parsePage, parsePerPage } from './pagination';
import { checkPageUrl, isUnreachableHost } from './page-url';
import { hashString } from './random';
import { readInput } from './request-input';
import {
  json,
  notFound,
  unauthorized,
  validationFailedFrameworkShape,
  validationFailedServiceShape,
  type FieldErrors,
} from './responses';
import { reportIdOf, type Route } from './route-context';
import { computeScore, isRating, ratingOf } from './scoring';
import { toServiceTimestamp } from './timestamps';
import { compareText, parseSortDirection } from './sorting';
import type { Privacy, ReportRecord } from './types';

// /api/v1/reports and /api/v1/reports/{id}.

type ReportSortKey = 'id' | 'generated_at' | 'url' | 'result';

function parseReportSortKey(raw: string | null): ReportSortKey {
  return raw === 'generated_at' || raw === 'url' || raw === 'result' ? raw : 'id';
}

function compareReports(key: ReportSortKey): (a: ReportRecord, b: ReportRecord) => number {
  // Ties fall back to id, so pages never overlap or skip a report.
  const byId = (a: ReportRecord, b: ReportRecord) => a.id - b.id;
  switch (key) {
    case 'id':
      return byId;
    case 'generated_at':
      return (a, b) => compareText(a.generated_at, b.generated_at) || byId(a, b);
    case 'url':
      return (a, b) => compareText(a.url, b.url) || byId(a, b);
    case 'result':
      return (a, b) => a.result - b.result || byId(a, b);
  }
}

export const listReports: Route = (request, { store }) => {
  const url = new URL(request.url);
  const params = url.searchParams;
  let reports = [...store.reports()];

  // search_by has one allowed value, url; anything else falls back to it.
  const search = params.get('search')?.trim().toLowerCase();
  if (search) reports = reports.filter((report) => report.url.toLowerCase().includes(search));

  // The project filter is an exact match, unlike search.
  const project = params.get('project');
  if (project) reports = reports.filter((report) => report.project === project);

  const rating = params.get('result');
  if (isRating(rating)) reports = reports.filter((report) => ratingOf(report.result) === rating);

  const compare = compareReports(parseReportSortKey(params.get('sort_by')));
  const direction = parseSortDirection(params.get('sort')) === 'asc' ? 1 : -1;
  reports.sort((a, b) => direction * compare(a, b));

  return json(paginate(reports, url, parsePage(params.get('page')), parsePerPage(params.get('per_page'))));
};

export const showReport: Route = (request, { store }) => {
  const id = reportIdOf(request);
  const report = id === null ? undefined : store.get(id);
  return report ? json({ data: report, status: 200 }) : notFound();
};

const PRIVACY_VALUES = ['0', '1', '2'];

export const storeReport: Route = async (request, context) => {
  const input = await readInput(request);
  const errors: FieldErrors = {};

  const rawUrl = input.get('url');
  const checked = rawUrl === undefined ? null : checkPageUrl(rawUrl);
  if (rawUrl === undefined) errors.url = ['The url field is required.'];
  else if (!checked?.ok) errors.url = ['The url format is invalid.'];

  const rawPrivacy = input.get('privacy');
  if (rawPrivacy !== undefined && !PRIVACY_VALUES.includes(rawPrivacy))
    errors.privacy = ['The selected privacy is invalid.'];
  const password = input.get('password');
  if (rawPrivacy === '2' && password === undefined)
    errors.password = ['The password field is required when privacy is 2.'];

  if (Object.keys(errors).length > 0 || !checked?.ok) return validationFailedServiceShape(errors);

  // The service fetches and analyses the page inside the request: slow, and it can fail.
  if (!(await context.analyse(request))) return Response.error();
  if (isUnreachableHost(checked.host)) return validationFailedServiceShape({ url: ['Could not fetch the page.'] });

  const privacy = Number(rawPrivacy ?? '0') as Privacy;
  const results = analysePage(checked.cleaned, checked.host);
  const now = toServiceTimestamp(new Date(context.clock()));
  const report = context.store.add({
    url: checked.cleaned,
    project: checked.host,
    result: computeScore(results),
    results,
    privacy,
    password: privacy === 2,
    generated_at: now,
    created_at: now,
    updated_at: now,
  });
  // 201 with the same body as a show: status 200 inside, as the service sends it.
  return json({ data: report, status: 200 }, 201);
};

export const updateReport: Route = async (request, context) => {
  const id = reportIdOf(request);
  if (id === null) return notFound();
  const current = context.store.get(id);
  // The service answers 403 both for another account's report and for a missing one.
  if (!current) return unauthorized();

  const input = await readInput(request);
  const errors: FieldErrors = {};
  const rawPrivacy = input.get('privacy');
  if (rawPrivacy !== undefined && !PRIVACY_VALUES.includes(rawPrivacy))
    errors.privacy = ['The selected privacy is invalid.'];
  const rawResults = input.get('results');
  if (rawResults !== undefined && rawResults !== '0' && rawResults !== '1')
    errors.results = ['The selected results is invalid.'];
  const password = input.get('password');
  // A report that already has a password keeps it when privacy is set to 2 again.
  if (rawPrivacy === '2' && password === undefined && !current.password) {
    errors.password = ['The password field is required when privacy is 2.'];
  }
  if (Object.keys(errors).length > 0) return validationFailedFrameworkShape(errors);

  const changes: Partial<ReportRecord> = {};
  const privacy = rawPrivacy === undefined ? current.privacy : (Number(rawPrivacy) as Privacy);
  if (privacy !== current.privacy) changes.privacy = privacy;
  // The password only takes effect with privacy 2; any other privacy clears it.
  const hasPassword = privacy === 2 && (password !== undefined || current.password);
  if (hasPassword !== current.password) changes.password = hasPassword;
  // A new password on a report that already had one is a change too, though the flag stays true.
  const passwordChanged = privacy === 2 && password !== undefined;

  if (rawResults === '1') {
    if (!(await context.analyse(request))) return Response.error();
    const results = reanalysePage(current.results, current.url, current.project, hashString(current.generated_at));
    changes.results = results;
    changes.result = computeScore(results);
    changes.generated_at = toServiceTimestamp(new Date(context.clock()));
  }

  // Like an Eloquent save(): updated_at moves only when something changed.
  if (Object.keys(changes).length === 0 && !passwordChanged) return json({ data: current, status: 200 });
  changes.updated_at = toServiceTimestamp(new Date(context.clock()));
  const updated = context.store.update(id, changes);
  return updated ? json({ data: updated, status: 200 }) : unauthorized();
};

// For a missing report delete answers 404 rather than update's 403: the delete query is
// scoped to the account and finds nothing, which the service renders as "not found".
export const deleteReport: Route = (request, { store }) => {
  const id = reportIdOf(request);
  if (id === null || !store.remove(id)) return notFound();
  return json({ id, object: 'report', deleted: true, status: 200 });
};
