// @vitest-environment node
import { canBeAddressed, paths } from '../../src/lib/paths';
import { projectPartFromPathname } from '../../src/lib/paths-from-address';

/** Every route's address as the app writes it (./project-list-params.test.ts reads names back). */
describe('paths', () => {
  it('writes each fixed route', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.newReport.getHref()).toBe('/reports/new');
    expect(paths.settings.getHref()).toBe('/settings');
    expect(paths.report.getHref('a/b')).toBe('/reports/a%2Fb');
  });

  it('adds a list view’s query string, and nothing when the view is the default', () => {
    expect(paths.reports.getHref()).toBe('/reports');
    expect(paths.reports.getHref(new URLSearchParams())).toBe('/reports');
    expect(paths.reports.getHref(new URLSearchParams({ result: 'good' }))).toBe('/reports?result=good');
    expect(paths.projects.getHref(new URLSearchParams({ search: 'shop' }))).toBe('/projects?search=shop');
    expect(paths.project.getHref('shop.example', new URLSearchParams({ page: '2' }))).toBe(
      '/projects/shop.example?page=2',
    );
  });

  it('shows a project that cannot be one segment of an address through the reports list’s filter', () => {
    for (const name of ['.', '..', '%2e', '%2E%2e', '']) expect(canBeAddressed(name)).toBe(false);
    for (const name of ['...', '.x', 'x.', '%2e%2e%2e', 'a..', '..a']) expect(canBeAddressed(name)).toBe(true);
    expect(paths.project.getHref('..')).toBe('/reports?project=..');
    expect(paths.project.getHref('.', new URLSearchParams({ page: '2' }))).toBe('/reports?project=.');
  });
});

describe('the parts of a project’s page', () => {
  it('has an address for each part, the name one encoded segment, the view in the query', () => {
    expect(paths.projectPages.getHref('a b/c', new URLSearchParams({ result: 'bad' }))).toBe(
      '/projects/a%20b%2Fc/pages?result=bad',
    );
    expect(paths.projectSegments.getHref('x.example')).toBe('/projects/x.example/segments');
    expect(paths.projectWatch.getHref('x.example')).toBe('/projects/x.example/watch');
    expect(paths.projectSettings.getHref('x.example')).toBe('/projects/x.example/settings');
    // No page, nor parts, for a name that cannot be addressed: its reports, through the list's filter.
    expect(paths.projectPages.getHref('..')).toBe('/reports?project=..');
  });

  it('reads the project and the part back from an address, a project named like a part included', () => {
    expect(projectPartFromPathname('/projects/a%20b%2Fc')).toEqual({ project: 'a b/c', part: 'issues' });
    expect(projectPartFromPathname('/projects/a%20b%2Fc/pages/')).toEqual({ project: 'a b/c', part: 'pages' });
    expect(projectPartFromPathname('/projects/x/settings')).toEqual({ project: 'x', part: 'settings' });
    expect(projectPartFromPathname('/projects/pages')).toEqual({ project: 'pages', part: 'issues' });
    expect(projectPartFromPathname('/projects/pages/pages')).toEqual({ project: 'pages', part: 'pages' });
    expect(projectPartFromPathname('/projects/x/issues/title')).toBeNull();
    expect(projectPartFromPathname('/projects/x/changes')).toBeNull();
    expect(projectPartFromPathname('/projects')).toBeNull();
  });
});
