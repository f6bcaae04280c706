// @vitest-environment jsdom
import type { Check, Importance } from '../../src/api';
import { ratingFromScore } from '../../src/api';
import type { ReadReport } from '../../src/features/audit/types';
import { buildProjectReport, TOP_ISSUES } from '../../src/features/project-report/project-report';

// Every date in the local time zone, as the dashboard reads days.
const local = (month: number, date: number) => new Date(2026, month - 1, date, 10).toISOString();
const endOf = (month: number, date: number) => new Date(2026, month - 1, date + 1).getTime() - 1;

const failed = (name: string, importance: Importance | null): Check => ({
  name,
  passed: false,
  importance,
  value: null,
  errors: { failed: null },
});

function run(id: string, url: string, at: string, score: number | null, problems: Check[]): ReadReport {
  return {
    id,
    url,
    project: 'a.example',
    score,
    rating: score === null ? null : ratingFromScore(score),
    problems,
    privacy: 'public',
    hasPassword: false,
    generatedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

// Worked out by hand, from = end of Oct 31, to = end of Nov 30:
// x: meta_description fixed, load_time still failing, title new; 60 → 80.
// y: image_keywords still failing, sitemap new; 50 → 40.
// n: a new page (Nov 15), failing title and image_keywords; 30.
// late: analysed after the period (Dec 5): in neither state.
// Health: before (60 + 50) / 2 = 55, after (80 + 40 + 30) / 3 = 50: −5.
// Impact (high 3, medium 2): image_keywords 3 × 2 = 6, title 3 × 2 = 6 (a tie: by name),
// load_time 2 × 1 = 2, sitemap 2 × 1 = 2.
const FIXTURE: ReadReport[] = [
  run('1', 'a.example/x', local(10, 1), 60, [failed('meta_description', 'high'), failed('load_time', 'medium')]),
  run('2', 'a.example/y', local(10, 5), 50, [failed('image_keywords', 'high')]),
  run('3', 'a.example/x', local(11, 10), 80, [failed('load_time', 'medium'), failed('title', 'high')]),
  run('4', 'https://www.a.example/y/', local(11, 12), 40, [
    failed('image_keywords', 'high'),
    failed('sitemap', 'medium'),
  ]),
  run('5', 'a.example/n', local(11, 15), 30, [failed('title', 'high'), failed('image_keywords', 'high')]),
  run('6', 'a.example/late', local(12, 5), 10, [failed('robots', 'high')]),
];
const PERIOD = { fromAt: endOf(10, 31), toAt: endOf(11, 30) };
const ids = (reports: readonly ReadReport[]) => reports.map((report) => report.id);

describe("a project's client report", () => {
  it('gives the health then and now, and what changed, counted by check and page', () => {
    const report = buildProjectReport(FIXTURE, PERIOD);
    expect(report.comparison.before.health.average).toBe(55);
    expect(report.comparison.after.health.average).toBe(50);
    expect(report.comparison.healthChange).toBe(-5);
    expect(report.totals).toEqual({ newlyFailing: 4, fixed: 1, stillFailing: 2, newPages: 1, gonePages: 0 });
    // compareStates' order: most important first, then most newly failing (title: on x and on
    // the new page; image_keywords: on the new page), then most still failing.
    expect(report.changes.map((change) => change.check)).toEqual([
      'title',
      'image_keywords',
      'meta_description',
      'sitemap',
      'load_time',
    ]);
    expect(report.setAside).toEqual([]);
  });

  it('lists the issues by impact, each with its pages lowest score first, and every page lowest first', () => {
    const report = buildProjectReport(FIXTURE, PERIOD);
    expect(report.topIssues.map(({ check, importance, share }) => [check, importance, share])).toEqual([
      ['image_keywords', 'high', 2 / 3],
      ['title', 'high', 2 / 3],
      ['load_time', 'medium', 1 / 3],
      ['sitemap', 'medium', 1 / 3],
    ]);
    expect(report.topIssues.map((issue) => ids(issue.pages))).toEqual([['5', '4'], ['5', '3'], ['3'], ['4']]);
    expect(ids(report.pages)).toEqual(['5', '4', '3']);
  });

  it('leaves a check set aside out of the issues and of what changed, and says so', () => {
    const setAside = [{ check: 'title', note: 'Titles are set by the shop platform' }];
    const report = buildProjectReport(FIXTURE, { ...PERIOD, setAside });
    expect(report.setAside).toEqual(setAside);
    expect(report.topIssues.map((issue) => issue.check)).toEqual(['image_keywords', 'load_time', 'sitemap']);
    expect(report.changes.map((change) => change.check)).not.toContain('title');
    expect(report.totals).toEqual({ newlyFailing: 2, fixed: 1, stillFailing: 2, newPages: 1, gonePages: 0 });
    // The service's own health is not adjusted here: the pages' scores are the service's.
    expect(report.comparison.after.health.average).toBe(50);
  });

  it(`names at most ${TOP_ISSUES} issues, and puts pages without a score last`, () => {
    const checks = Array.from({ length: TOP_ISSUES + 3 }, (_, i) =>
      failed(`check_${String(i).padStart(2, '0')}`, 'low'),
    );
    const report = buildProjectReport(
      [run('a', 'b.example/a', local(11, 1), null, checks), run('b', 'b.example/b', local(11, 2), 90, checks)],
      PERIOD,
    );
    expect(report.topIssues).toHaveLength(TOP_ISSUES);
    expect(report.topIssues[0]?.check).toBe('check_00');
    expect(ids(report.pages)).toEqual(['b', 'a']);
  });
});
