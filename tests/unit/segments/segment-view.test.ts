import type { ReadReport } from '../../../src/features/audit';
import { chooseSegment, runsInSegment, segmentsHealth, withSegment } from '../../../src/features/segments/segment-view';

const run = (id: string, url: string, score: number | null, at: string, failing: string[] = []): ReadReport =>
  ({
    id,
    url,
    project: 'a.example',
    score,
    rating: null,
    privacy: 'public',
    generatedAt: at,
    createdAt: at,
    problems: failing.map((name) => ({
      name,
      passed: false,
      importance: 'high',
      value: null,
      errors: { failed: null },
    })),
  }) as unknown as ReadReport;

const blog = { id: 'blog', name: 'Blog', pattern: '/blog/*' };
const docs = { id: 'docs', name: 'Docs', pattern: 'a.example/docs' };
const broken = { id: 'broken', name: 'Broken', pattern: 'blog/' };
const nothing = { id: 'none', name: 'Nothing', pattern: '/shop/' };

const reports = [
  run('1', 'a.example/blog/one', 40, '2026-11-01T10:00:00Z', ['title']),
  run('2', 'a.example/blog/one', 80, '2026-11-20T10:00:00Z', ['meta_description']),
  run('3', 'a.example/blog/two', null, '2026-11-20T10:00:00Z'),
  run('4', 'https://www.a.example/docs/', 60, '2026-11-20T10:00:00Z', ['title', 'h1']),
  run('5', 'a.example/blog/docs', 100, '2026-11-20T10:00:00Z'),
];

describe('the segment asked for in the address bar', () => {
  it('gives the segment named by its id', () => {
    expect(chooseSegment('blog', [blog, docs], true)).toMatchObject({ active: blog, notice: null, waiting: false });
    expect(chooseSegment(null, [blog], true)).toMatchObject({ active: null, notice: null });
  });

  it('waits for the workspace before telling a segment from garbage', () => {
    expect(chooseSegment('blog', [], false)).toMatchObject({ active: null, waiting: true, notice: null });
  });

  it('has words for garbage, and shows every page', () => {
    const choice = chooseSegment('<script>'.repeat(20), [blog], true);
    expect(choice.active).toBeNull();
    expect(choice.notice).toMatch(/is not one of this project’s segments on this device: every page is shown/);
    expect(choice.notice?.length).toBeLessThan(200);
    expect(chooseSegment('blog', [], true).notice).toMatch(/this project has none on this device/);
  });

  it('is set and taken away in an address, back to the first page, other parameters kept', () => {
    expect(withSegment('/projects/a.example?from=2026-11-01&page=3', 'blog')).toBe(
      '/projects/a.example?from=2026-11-01&segment=blog',
    );
    expect(withSegment('/projects/a.example?segment=blog&to=2026-11-20', null)).toBe(
      '/projects/a.example?to=2026-11-20',
    );
    expect(withSegment('/projects/a.example', null)).toBe('/projects/a.example');
  });
});

describe('a segment’s runs and health', () => {
  it('keeps every run of its pages, history included; a page can be in several segments', () => {
    expect(runsInSegment(reports, blog.pattern).map((report) => report.id)).toEqual(['1', '2', '3', '5']);
    expect(runsInSegment(reports, docs.pattern).map((report) => report.id)).toEqual(['4']);
    expect(runsInSegment(reports, '/*docs').map((report) => report.id)).toEqual(['4', '5']);
    expect(runsInSegment(reports, broken.pattern)).toEqual([]);
    // The same array for the same runs and pattern: the change report memoises on it.
    expect(runsInSegment(reports, blog.pattern)).toBe(runsInSegment(reports, blog.pattern));
  });

  it('counts the latest run of each page: pages, average score, failing checks', () => {
    const rows = segmentsHealth(reports, [blog, docs, broken, nothing]);
    // Blog: latest runs 2 (80), 3 (no score), 5 (100): 3 pages, average 90; one failing check.
    expect(rows[0]).toEqual({ segment: blog, problem: null, pages: 3, averageScore: 90, issues: 1 });
    expect(rows[1]).toEqual({ segment: docs, problem: null, pages: 1, averageScore: 60, issues: 2 });
    expect(rows[2]).toMatchObject({ segment: broken, pages: 0, averageScore: null });
    expect(rows[2]?.problem).toMatch(/Start a path with \//);
    expect(rows[3]).toEqual({ segment: nothing, problem: null, pages: 0, averageScore: null, issues: 0 });
  });
});
