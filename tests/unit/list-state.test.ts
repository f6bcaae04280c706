// @vitest-environment node
import { createListState, oneOfParam, pageParam, textParam } from '../../src/lib/list-state';

/** The generic list state, configured here with a small list of its own (the real lists: ./report-list-params, ./project-list-params). */
interface Params {
  q?: string;
  kind?: 'a' | 'b';
  size?: 10 | 20;
  page?: number;
}

const state = createListState<Params, 'size'>({
  params: {
    q: textParam('q', 5),
    kind: oneOfParam('kind', ['a', 'b']),
    size: oneOfParam('size', [10, 20]),
    page: pageParam(),
  },
  defaults: { size: 10 },
  filters: ['q', 'kind'],
  at: (search) => `/list?${search.toString()}`,
});

const parse = (query: string) => state.parse(new URLSearchParams(query));

describe('list state', () => {
  it('reads free text trimmed, cut to its length, and unset when empty', () => {
    expect(parse('q=%20ab%20')).toEqual({ q: 'ab' });
    expect(parse('q=abcd%20ef')).toEqual({ q: 'abcd' });
    expect(parse('q=%20%20')).toEqual({});
    expect(parse('')).toEqual({});
  });

  it('reads only the allowed values, numbers as numbers', () => {
    expect(parse('kind=b&size=20')).toEqual({ kind: 'b', size: 20 });
    expect(parse('kind=c&size=15')).toEqual({});
    // A default is left out.
    expect(parse('size=10')).toEqual({});
  });

  it('reads a page above 1 and up to a million, written in digits only', () => {
    expect(parse('page=2')).toEqual({ page: 2 });
    expect(parse('page=1000000')).toEqual({ page: 1_000_000 });
    for (const page of ['1', '0', '1000001', '12345678', '2.5', '-2', ' 2', '2a', 'x'])
      expect(parse(`page=${page}`)).toEqual({});
  });

  it('writes set values in the order of its parameters, defaults left out', () => {
    expect(state.serialise({ page: 3, kind: 'a', q: 'x', size: 20 }).toString()).toBe('q=x&kind=a&size=20&page=3');
    expect(state.serialise({ size: 10, page: 1 }).toString()).toBe('');
    expect(state.href({ kind: 'b' })).toBe('/list?kind=b');
    expect(state.href({ kind: 'b' }, (search) => `/other?${search.toString()}`)).toBe('/other?kind=b');
  });

  it('starts a changed view at page 1, and keeps only valid values', () => {
    expect(state.change({ q: 'x', page: 4 }, { kind: 'a' })).toEqual({ q: 'x', kind: 'a' });
    expect(state.change({ q: 'x', page: 4 }, { page: 5 })).toEqual({ q: 'x', page: 5 });
    expect(state.change({ q: 'x' }, { size: 10 })).toEqual({ q: 'x' });
  });

  it('knows a filtered view and fills in the defaults for the controls', () => {
    expect(state.hasFilters({ size: 20, page: 2 })).toBe(false);
    expect(state.hasFilters({ kind: 'a' })).toBe(true);
    expect(state.hasFilters({ q: 'x' })).toBe(true);
    expect(state.shown({ kind: 'a', q: undefined })).toStrictEqual({ size: 10, kind: 'a' });
  });
});
