// @vitest-environment node
import type { Page, Report } from '../../src/api';
import {
  defaultComparisonRun,
  mayHaveMoreRuns,
  runSearchParams,
  runsOfPage,
} from '../../src/features/report-page/runs/runs';

const report = (id: number, url: string, generatedAt: string | null, createdAt = '2026-01-01T00:00:00Z'): Report => ({
  id: String(id),
  url,
  project: url.split('/')[0] ?? '',
  score: id,
  rating: null,
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt,
  createdAt,
  updatedAt: createdAt,
});

describe('runs of one page', () => {
  it('keeps only reports of exactly this URL, each once, newest analysis first', () => {
    const candidates = [
      report(1, 'example.com', '2026-03-01T10:00:00Z'),
      report(2, 'example.com/blog', '2026-05-01T10:00:00Z'),
      report(3, 'example.com', '2026-09-01T10:00:00Z'),
      report(4, 'shop.example.com', '2026-10-01T10:00:00Z'),
      report(5, 'Example.com', '2026-10-02T10:00:00Z'),
      report(6, 'example.com', null, '2026-06-01T00:00:00Z'),
      report(3, 'example.com', '2026-09-01T10:00:00Z'),
      report(7, 'example.com', '2026-09-01T10:00:00Z'),
    ];
    expect(runsOfPage(candidates, 'example.com').map((r) => r.id)).toEqual(['7', '3', '6', '1']);
  });

  it('keeps the first copy of a report: the page’s own, fresher than a list’s', () => {
    const fresh = { ...report(3, 'example.com', '2026-10-01T00:00:00Z'), score: 99 };
    const runs = runsOfPage([fresh, report(3, 'example.com', '2026-09-01T00:00:00Z')], 'example.com');
    expect(runs).toEqual([fresh]);
  });

  it('compares with the run just before this one, else the one just after', () => {
    const runs = runsOfPage(
      [
        report(1, 'a.example', '2026-01-01T00:00:00Z'),
        report(2, 'a.example', '2026-02-01T00:00:00Z'),
        report(3, 'a.example', '2026-03-01T00:00:00Z'),
      ],
      'a.example',
    );
    expect(defaultComparisonRun(runs, '2')?.id).toBe('1');
    expect(defaultComparisonRun(runs, '1')?.id).toBe('2');
    expect(defaultComparisonRun(runs.slice(2), '1')).toBeUndefined();
  });

  it('searches the report’s project for its URL, sorted by URL, ten at a time', () => {
    expect(runSearchParams({ url: 'example.com/a b', project: 'example.com' }, 1)).toEqual({
      search: 'example.com/a b',
      project: 'example.com',
      sortBy: 'url',
      sort: 'asc',
      perPage: 10,
    });
    expect(runSearchParams({ url: 'x', project: '' }, 3)).toEqual({
      search: 'x',
      sortBy: 'url',
      sort: 'asc',
      perPage: 10,
      page: 3,
    });
  });

  it('reads another page only while it may hold more runs', () => {
    const page = (currentPage: number, lastPage: number, urls: string[]): Page<Report> => ({
      items: urls.map((url, i) => report(i, url, null)),
      currentPage,
      lastPage,
      perPage: 10,
      total: lastPage * 10,
      from: null,
      to: null,
    });
    // Ended on a run: the next page may start with more of them.
    expect(mayHaveMoreRuns(page(1, 3, ['a.example', 'a.example']), 'a.example', true)).toBe(true);
    // Runs, then longer URLs: in URL order, no run can follow.
    expect(mayHaveMoreRuns(page(1, 3, ['a.example', 'a.example/about']), 'a.example', true)).toBe(false);
    // Not reached yet (URLs that merely contain it and sort before it), or already past it.
    expect(mayHaveMoreRuns(page(1, 3, ['a.example/a/b.example', 'a.example/a/c']), 'a.example/b', false)).toBe(true);
    expect(mayHaveMoreRuns(page(1, 3, ['a.example/c']), 'a.example/b', false)).toBe(false);
    // The last page.
    expect(mayHaveMoreRuns(page(3, 3, ['a.example']), 'a.example', true)).toBe(false);
  });
});
