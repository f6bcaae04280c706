// @vitest-environment node
import { canBeAddressed, paths } from '../../src/lib/paths';

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
