// @vitest-environment node
import type { Check, Importance } from '../../../src/api';
import {
  affectedPages,
  aggregateInSlices,
  aggregateProjectAudit,
  auditSteps,
  commonIssues,
  latestRunPerUrl,
  toReadReport,
} from '../../../src/features/audit/aggregate';
import type { ReadReport } from '../../../src/features/audit/types';
import { ratingFromScore } from '../../../src/api';

const NOW = Date.parse('2026-11-01T12:00:00Z');

const failed = (
  name: string,
  importance: Importance | null,
  errors: Record<string, unknown> = { failed: null },
): Check => ({
  name,
  passed: false,
  importance,
  value: null,
  errors,
});

function report(
  id: string,
  url: string,
  generatedAt: string | null,
  score: number | null,
  problems: Check[],
  createdAt: string | null = generatedAt,
): ReadReport {
  return {
    id,
    url,
    project: 'a.example',
    score,
    rating: score === null ? null : ratingFromScore(score),
    problems,
    privacy: 'public',
    hasPassword: false,
    generatedAt,
    createdAt,
    updatedAt: generatedAt,
  };
}

// Six reports of four URLs. By hand: the latest run of x is 2 (newer), of y is 3 (the only one),
// of z is 10 (same time as 4, higher id: compared as numbers, "10" > "4"), of w is 6 (no
// generated_at: its created_at counts).
const FIXTURE: ReadReport[] = [
  report('1', 'a.example/x', '2026-10-01T10:00:00.000000Z', 40, [
    failed('meta_description', 'high'),
    failed('load_time', 'medium'),
  ]),
  report('2', 'a.example/x', '2026-10-20T10:00:00.000000Z', 85, [failed('image_keywords', 'low')]),
  report('3', 'a.example/y', '2026-08-01T10:00:00.000000Z', 60, [
    failed('meta_description', 'high'),
    // A check no documented version has, with an importance the service did not state.
    failed('preload_hints', null, { unknown_code: { limit: 3 } }),
    // A check of an outcome we cannot read: not an issue.
    { name: 'title', passed: null, importance: 'high', value: 'x', errors: {} },
  ]),
  report('4', 'a.example/z', '2026-10-25T10:00:00.000000Z', 30, [
    failed('meta_description', 'high'),
    failed('load_time', 'medium'),
  ]),
  report('10', 'a.example/z', '2026-10-25T10:00:00.000000Z', null, [
    failed('load_time', 'medium'),
    failed('image_keywords', 'low'),
  ]),
  report('6', 'a.example/w', null, 70, [failed('load_time', 'low')], '2026-10-30T10:00:00.000000Z'),
];

describe('the audit of a project', () => {
  it('counts only the latest run of each URL', () => {
    expect(
      latestRunPerUrl(FIXTURE)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['10', '2', '3', '6']);
  });

  it('computes health, ratings, freshness and issues as worked out by hand', () => {
    const audit = aggregateProjectAudit(FIXTURE, NOW);
    expect(audit.reports).toBe(6);
    expect(audit.pages).toBe(4);
    // (85 + 60 + 70) / 3: the page without a score does not count.
    expect(audit.averageScore).toBeCloseTo(215 / 3, 10);
    expect(audit.ratings).toEqual({ good: 1, decent: 2, bad: 0, unrated: 1 });
    expect(audit.lastGeneratedAt).toBe('2026-10-25T10:00:00.000000Z');
    // y (three months old) and w (no generated_at: age unknown).
    expect(audit.stale).toBe(2);
    expect(audit.issues).toEqual([
      // Fails on z (medium) and w (low): the highest importance seen counts. 2 × 2 = 4.
      { check: 'load_time', importance: 'medium', pages: 2, share: 0.5, impact: 4 },
      // Only y: x's and z's older runs had it. 3 × 1.
      { check: 'meta_description', importance: 'high', pages: 1, share: 0.25, impact: 3 },
      { check: 'image_keywords', importance: 'low', pages: 2, share: 0.5, impact: 2 },
      // Unknown check, unknown importance: still listed, weighed as low.
      { check: 'preload_hints', importance: null, pages: 1, share: 0.25, impact: 1 },
    ]);
  });

  it('orders issues of equal impact by importance, then pages, then name', () => {
    const reports = [
      report('1', 'p/1', '2026-10-01T00:00:00Z', 50, [failed('b_low', 'low'), failed('d_medium', 'medium')]),
      report('2', 'p/2', '2026-10-01T00:00:00Z', 50, [failed('b_low', 'low'), failed('c_unknown', null)]),
      report('3', 'p/3', '2026-10-01T00:00:00Z', 50, [
        failed('b_low', 'low'),
        failed('a_high', 'high'),
        failed('c_unknown', null),
      ]),
      report('4', 'p/4', '2026-10-01T00:00:00Z', 50, [failed('c_unknown', null), failed('e_medium', 'medium')]),
    ];
    const { issues } = aggregateProjectAudit(reports, NOW);
    // Impact 3 each: high (1 page) before low (3 pages) before not stated (3 pages); then medium
    // 2 × 1 = 2 twice, by name.
    expect(issues.map((i) => [i.check, i.impact])).toEqual([
      ['a_high', 3],
      ['b_low', 3],
      ['c_unknown', 3],
      ['d_medium', 2],
      ['e_medium', 2],
    ]);
  });

  it('lists the pages an issue affects, with what was found on each', () => {
    const pages = affectedPages(FIXTURE, 'load_time');
    expect(pages.map(({ report: r }) => r.id).sort()).toEqual(['10', '6']);
    expect(pages.find(({ report: r }) => r.id === '6')?.check.importance).toBe('low');
    expect(affectedPages(FIXTURE, 'title')).toEqual([]);
  });

  it('keeps only the checks that did not pass of a report', () => {
    const kept = toReadReport({
      ...report('1', 'u', null, 50, []),
      checks: [
        { name: 'title', passed: true, importance: 'high', value: 'A title', errors: {} },
        failed('meta_description', 'high'),
        { name: 'odd', passed: null, importance: null, value: 1, errors: {} },
      ],
    } as never);
    expect(kept.problems.map((c) => c.name)).toEqual(['meta_description', 'odd']);
    expect('checks' in kept).toBe(false);
  });

  it('gives the same audit in slices, pausing in between', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      report(String(i + 1), `p/${i % 700}`, `2026-10-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`, i % 100, [
        failed(i % 2 ? 'load_time' : 'meta_description', i % 2 ? 'medium' : 'high'),
      ]),
    );
    let pauses = 0;
    const steps = auditSteps(many, NOW);
    while (!steps.next().done) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(10);
    expect(await aggregateInSlices(many, NOW, { sliceMs: 0 })).toEqual(aggregateProjectAudit(many, NOW));
  });

  it('adds up the issues of several projects, most failing pages first', () => {
    const summary = (project: string, issues: { check: string; importance: Importance | null; pages: number }[]) => ({
      project,
      pages: 10,
      averageScore: 50,
      lastGeneratedAt: null,
      issues,
      readAt: '2026-11-01T00:00:00Z',
    });
    expect(
      commonIssues([
        summary('a', [
          { check: 'load_time', importance: 'medium', pages: 3 },
          { check: 'title', importance: 'high', pages: 1 },
        ]),
        summary('b', [
          { check: 'title', importance: null, pages: 4 },
          { check: 'favicon', importance: 'low', pages: 3 },
        ]),
      ]),
    ).toEqual([
      { check: 'title', importance: 'high', pages: 5, projects: 2 },
      { check: 'load_time', importance: 'medium', pages: 3, projects: 1 },
      { check: 'favicon', importance: 'low', pages: 3, projects: 1 },
    ]);
    // A check switched off in one project counts only where it is not.
    expect(
      commonIssues(
        [
          summary('a', [{ check: 'title', importance: 'high', pages: 1 }]),
          summary('b', [
            { check: 'title', importance: 'medium', pages: 4 },
            { check: 'favicon', importance: 'low', pages: 3 },
          ]),
        ],
        (project, check) => !(project === 'b' && check === 'title'),
      ),
    ).toEqual([
      { check: 'favicon', importance: 'low', pages: 3, projects: 1 },
      { check: 'title', importance: 'high', pages: 1, projects: 1 },
    ]);
  });
});
