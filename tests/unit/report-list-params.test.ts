// @vitest-environment node
import fc from 'fast-check';
import { PER_PAGE_OPTIONS, RATINGS, REPORT_SORT_KEYS, type ReportListParams } from '../../src/api';
import { reportListState, reportListView, searchAsStored } from '../../src/features/reports/list-state';

const validParams: fc.Arbitrary<ReportListParams> = fc.record(
  {
    // What a search is sent as: addresses as the service stores them.
    search: fc
      .string({ minLength: 1, maxLength: 60 })
      .map((s) => searchAsStored(s.trim()))
      .filter((s) => s.length > 0),
    project: fc
      .string({ minLength: 1, maxLength: 40 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    result: fc.constantFrom(...RATINGS),
    sortBy: fc.constantFrom(...REPORT_SORT_KEYS.filter((k) => k !== 'id')),
    sort: fc.constant('asc' as const),
    perPage: fc.constantFrom(...PER_PAGE_OPTIONS.filter((n) => n !== 10)),
    page: fc.integer({ min: 2, max: 100_000 }),
  },
  { requiredKeys: [] },
);

function isValid(params: ReportListParams): boolean {
  return (
    (params.search === undefined || (params.search.length > 0 && params.search === params.search.trim())) &&
    (params.project === undefined || params.project.length > 0) &&
    (params.result === undefined || RATINGS.includes(params.result)) &&
    (params.sortBy === undefined || (REPORT_SORT_KEYS.includes(params.sortBy) && params.sortBy !== 'id')) &&
    (params.sort === undefined || params.sort === 'asc') &&
    (params.perPage === undefined || (PER_PAGE_OPTIONS.includes(params.perPage) && params.perPage !== 10)) &&
    (params.page === undefined || (Number.isInteger(params.page) && params.page > 1)) &&
    Object.keys(params).every((key) =>
      ['search', 'project', 'result', 'sortBy', 'sort', 'perPage', 'page'].includes(key),
    ) &&
    Object.values(params).every((value) => value !== undefined)
  );
}

describe('reports list URL state', () => {
  it('parses any query string into valid parameters', () => {
    const anyKey = fc.constantFrom(
      'search',
      'project',
      'result',
      'sort_by',
      'sort',
      'per_page',
      'page',
      'search_by',
      'foo',
      '',
    );
    const anyValue = fc.oneof(
      fc.string(),
      fc.constantFrom('7', '-3', '0', '1', '2.5', '1e3', 'sideways', 'asc', 'good', ' ', '%', '25'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(anyKey, anyValue), { maxLength: 12 }), (pairs) => {
        const params = reportListState.parse(new URLSearchParams(pairs));
        expect(isValid(params)).toBe(true);
      }),
    );
  });

  it('survives a round trip through the URL unchanged', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        const search = reportListState.serialise(params).toString();
        expect(reportListState.parse(new URLSearchParams(search))).toEqual(params);
      }),
    );
  });

  it('searches addresses as stored, in one reading', () => {
    expect(reportListState.parse(new URLSearchParams('search=HTTPS://www.Example.com/blog/'))).toEqual({
      search: 'Example.com/blog',
    });
    expect(reportListState.parse(new URLSearchParams('search=/blog'))).toEqual({ search: '/blog' });
    fc.assert(
      fc.property(fc.webUrl(), fc.string(), (url, text) => {
        for (const value of [url, text, `http://https://www.www.${text}`]) {
          const once = reportListState.parse(new URLSearchParams({ search: value })).search;
          expect(reportListState.parse(new URLSearchParams({ search: once ?? '' })).search).toBe(once);
        }
      }),
    );
  });

  it('falls back to defaults for garbage and leaves defaults out of the URL', () => {
    const params = reportListState.parse(
      new URLSearchParams('per_page=7&sort=sideways&page=-3&sort_by=evil&result=great&foo=bar'),
    );
    expect(params).toEqual({});
    expect(reportListState.href(params)).toBe('/reports');
    expect(reportListState.href({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 })).toBe('/reports');
  });

  it('goes back to page 1 when what is shown changes, but not when the page does', () => {
    const onPage3: ReportListParams = { search: 'blog', page: 3 };
    expect(reportListState.change(onPage3, { result: 'bad' })).toEqual({ search: 'blog', result: 'bad' });
    expect(reportListState.change(onPage3, { search: 'news' })).toEqual({ search: 'news' });
    expect(reportListState.change(onPage3, { page: 4 })).toEqual({ search: 'blog', page: 4 });
    expect(reportListState.change(onPage3, { search: undefined })).toEqual({});
  });

  it('fills in the defaults for the controls, and knows a filtered view', () => {
    expect(reportListState.shown({})).toEqual({ sortBy: 'id', sort: 'desc', perPage: 10 });
    expect(reportListState.shown({ sort: 'asc', page: 2 })).toEqual({
      sortBy: 'id',
      sort: 'asc',
      perPage: 10,
      page: 2,
    });
    expect(reportListState.hasFilters({ sortBy: 'url', perPage: 50, page: 3 })).toBe(false);
    for (const filter of [{ search: 'a' }, { project: 'b' }, { result: 'bad' as const }]) {
      expect(reportListState.hasFilters(filter)).toBe(true);
    }
  });

  it("places the same view on another page, e.g. a project's", () => {
    const at = (search: URLSearchParams) => `/elsewhere?${search.toString()}`;
    expect(reportListState.href({ result: 'good', perPage: 10, page: 2 }, at)).toBe('/elsewhere?result=good&page=2');
  });

  it('keeps a project name with awkward characters intact', () => {
    const href = reportListState.href({ project: 'a b/ü%#?&=' });
    const search = new URL(href, 'http://x').searchParams;
    expect(reportListState.parse(search)).toEqual({ project: 'a b/ü%#?&=' });
  });

  it("on a project's page, fetches that project and keeps the address's own project out", () => {
    const search = new URLSearchParams('project=other&result=bad&page=2');
    expect(reportListView(search)).toEqual({
      urlParams: { project: 'other', result: 'bad', page: 2 },
      params: { project: 'other', result: 'bad', page: 2 },
    });
    expect(reportListView(search, 'shop.example')).toEqual({
      urlParams: { result: 'bad', page: 2 },
      params: { result: 'bad', page: 2, project: 'shop.example' },
    });
  });

  it('sends a URL search as the service stores it, and other text as it is', () => {
    expect(searchAsStored(' http://https://WWW.example.com//  ')).toBe('example.com');
    expect(searchAsStored('www.')).toBe('www.');
    expect(searchAsStored('blog post')).toBe('blog post');
    expect(searchAsStored('https://example.com/a b')).toBe('example.com/a b');
  });

  it('cuts a search at 500 characters, keeping no space at its end', () => {
    const long = `${'a'.repeat(499)} b`;
    expect(reportListState.parse(new URLSearchParams({ search: long })).search).toBe('a'.repeat(499));
    expect(reportListState.parse(new URLSearchParams({ search: '   ' })).search).toBeUndefined();
  });
});
