// @vitest-environment node
import fc from 'fast-check';
import { PER_PAGE_OPTIONS, PROJECT_SORT_KEYS, type ProjectListParams } from '../../src/api';
import { projectListState } from '../../src/features/projects/list-state';
import { canBeAddressed, paths } from '../../src/lib/paths';
import { issueFromPathname, projectNameFromPathname } from '../../src/lib/paths-from-address';

const validParams: fc.Arbitrary<ProjectListParams> = fc.record(
  {
    search: fc
      .string({ minLength: 1, maxLength: 60 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    sortBy: fc.constant('project' as const),
    sort: fc.constant('asc' as const),
    perPage: fc.constantFrom(...PER_PAGE_OPTIONS.filter((n) => n !== 10)),
    page: fc.integer({ min: 2, max: 100_000 }),
  },
  { requiredKeys: [] },
);

function isValid(params: ProjectListParams): boolean {
  return (
    (params.search === undefined || (params.search.length > 0 && params.search === params.search.trim())) &&
    (params.sortBy === undefined || (PROJECT_SORT_KEYS.includes(params.sortBy) && params.sortBy !== 'created_at')) &&
    (params.sort === undefined || params.sort === 'asc') &&
    (params.perPage === undefined || (PER_PAGE_OPTIONS.includes(params.perPage) && params.perPage !== 10)) &&
    (params.page === undefined || (Number.isInteger(params.page) && params.page > 1)) &&
    // search_by has one value: it is never put in the address nor sent from it.
    Object.keys(params).every((key) => ['search', 'sortBy', 'sort', 'perPage', 'page'].includes(key)) &&
    Object.values(params).every((value) => value !== undefined)
  );
}

describe('projects list URL state', () => {
  it('parses any query string into valid parameters', () => {
    const anyKey = fc.constantFrom(
      'search',
      'sort_by',
      'sort',
      'per_page',
      'page',
      'search_by',
      'project',
      'result',
      'foo',
      '',
    );
    const anyValue = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '7',
        '-3',
        '0',
        '1',
        '2.5',
        '1e3',
        'sideways',
        'asc',
        'desc',
        'project',
        'created_at',
        'id',
        ' ',
        '%',
        '25',
        '100',
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(anyKey, anyValue), { maxLength: 12 }), (pairs) => {
        expect(isValid(projectListState.parse(new URLSearchParams(pairs)))).toBe(true);
      }),
    );
  });

  it('survives a round trip through the URL unchanged', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        const href = projectListState.href(params);
        expect(projectListState.parse(new URL(href, 'http://x').searchParams)).toEqual(params);
        expect(projectListState.parse(new URLSearchParams(projectListState.serialise(params).toString()))).toEqual(
          params,
        );
      }),
    );
  });

  it('falls back to defaults for garbage and leaves defaults out of the URL', () => {
    const params = projectListState.parse(
      new URLSearchParams('per_page=7&sort=sideways&page=-3&sort_by=evil&search=%20&search_by=url'),
    );
    expect(params).toEqual({});
    expect(projectListState.href(params)).toBe('/projects');
    expect(projectListState.href({ sortBy: 'created_at', sort: 'desc', perPage: 10, page: 1 })).toBe('/projects');
    expect(projectListState.href({ sortBy: 'project', sort: 'asc', perPage: 25, page: 3, search: 'a b' })).toBe(
      '/projects?search=a+b&sort_by=project&sort=asc&per_page=25&page=3',
    );
  });

  it('goes back to page 1 when what is shown changes, but not when the page does', () => {
    fc.assert(
      fc.property(validParams, fc.integer({ min: 2, max: 1000 }), (params, page) => {
        const onPage = { ...params, page };
        expect(projectListState.change(onPage, { sortBy: 'project' }).page).toBeUndefined();
        expect(projectListState.change(onPage, { search: 'x' }).page).toBeUndefined();
        expect(projectListState.change(onPage, { perPage: 50 }).page).toBeUndefined();
        expect(projectListState.change(onPage, { page: page + 1 }).page).toBe(page + 1);
      }),
    );
    expect(projectListState.change({ search: 'shop', page: 3 }, { search: undefined })).toEqual({});
  });

  it('builds a project address that gives back any name, whatever it holds', () => {
    const awkward = fc.constantFrom('a b/ü%', 'x%2Fy', '#?&=', 'пример.рф', '%', '%25', ' lead', '...', '.x', 'a/b/c');
    // "." and ".." cannot be a path segment at all (URLs resolve them, even as %2E), and no host
    // is named so: they are left out.
    const name = fc
      .oneof(awkward, fc.string({ minLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1 }))
      .filter((n) => n !== '.' && n !== '..');
    fc.assert(
      fc.property(name, (name) => {
        const href = paths.project.getHref(name);
        // One path segment: no real slash, no query or fragment, nothing left unencoded.
        expect(href.slice('/projects/'.length)).not.toMatch(/[/?# ]/);
        expect(projectNameFromPathname(href)).toBe(name);
        // The same through a URL, as the address bar holds it.
        expect(projectNameFromPathname(new URL(href, 'http://x').pathname)).toBe(name);
      }),
    );
    expect(paths.project.getHref('a b/ü%')).toBe('/projects/a%20b%2F%C3%BC%25');
  });

  it('finds no project in a malformed or foreign path', () => {
    expect(projectNameFromPathname('/projects/')).toBeNull();
    expect(projectNameFromPathname('/projects/%E0%A4%A')).toBeNull();
    expect(projectNameFromPathname('/reports/1')).toBeNull();
    expect(projectNameFromPathname('/projects/a/b')).toBeNull();
    expect(projectNameFromPathname('/projects/example.com/')).toBe('example.com');
  });

  it('reads an issue address back: any project name and check, and nothing from a malformed one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter(canBeAddressed),
        fc.string({ minLength: 1 }).filter(canBeAddressed),
        (project, check) => {
          const href = paths.issue.getHref(project, check);
          expect(issueFromPathname(new URL(href, 'http://x').pathname)).toEqual({ project, check });
        },
      ),
    );
    expect(issueFromPathname('/projects/a%2Fb/issues/title/')).toEqual({ project: 'a/b', check: 'title' });
    expect(issueFromPathname('/projects/a/b/issues/title')).toBeNull();
    expect(issueFromPathname('/projects/..%2F/issues/%E0%A4%A')).toBeNull();
    expect(issueFromPathname('/projects/%2e%2e/issues/title')).toBeNull();
    expect(issueFromPathname('/projects/example.com')).toBeNull();
    expect(issueFromPathname('/projects/example.com/issues/')).toBeNull();
  });
});
