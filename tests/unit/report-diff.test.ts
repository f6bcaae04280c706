// @vitest-environment node
import type { Check } from '../../src/api';
import { comparedRows, countChanges, diffReports, formatScoreDelta, hasChanges } from '../../src/lib/report-diff';

const check = (
  name: string,
  passed: boolean | null,
  value: unknown = null,
  importance: Check['importance'] = 'high',
): Check => ({
  name,
  passed,
  importance,
  value,
  errors: passed === false ? { failed: null } : {},
});

describe('comparing two runs of a page', () => {
  it('finds newly failing, fixed and changed checks with their values before and after, and the score delta', () => {
    const earlier = {
      score: 72,
      checks: [
        check('title', true, 'Blog'),
        check('load_time', false, 2.7),
        check('gsb', true),
        check('favicon', false, null, 'low'),
        check('page_size', true, 120_000, 'medium'),
        check('dom_size', true, { a: 1, b: 2 }),
        check('old_check', true),
      ],
    };
    const later = {
      score: 78,
      checks: [
        check('title', false, 'Blog'),
        check('load_time', true, 1.4),
        check('gsb', true),
        check('favicon', true, 'https://x.example/favicon.ico', 'low'),
        check('page_size', true, 150_000, 'medium'),
        check('dom_size', true, { b: 2, a: 1 }),
        check('new_check', false),
      ],
    };
    const diff = diffReports(earlier, later);
    expect(diff.scoreDelta).toBe(6);
    expect([diff.scoreBefore, diff.scoreAfter]).toEqual([72, 78]);
    expect(diff.changes.map((c) => [c.kind, c.name, c.before?.value, c.after?.value])).toEqual([
      ['newly-failing', 'title', 'Blog', 'Blog'],
      // In the page's order: SEO before Performance.
      ['fixed', 'favicon', null, 'https://x.example/favicon.ico'],
      ['fixed', 'load_time', 2.7, 1.4],
      ['changed', 'page_size', 120_000, 150_000],
      ['added', 'new_check', undefined, null],
      ['removed', 'old_check', null, undefined],
    ]);
    // Same content in another key order is no change.
    expect(diff.unchanged.map((pair) => pair.name)).toEqual(['dom_size', 'gsb']);
    expect(countChanges(diff, 'fixed')).toBe(2);
    expect(countChanges(diff, 'newly-failing')).toBe(1);
    expect(hasChanges(diff)).toBe(true);
  });

  it('counts an unknown outcome turning into a failure as newly failing', () => {
    const diff = diffReports({ score: 1, checks: [check('x', null)] }, { score: 1, checks: [check('x', false)] });
    expect(diff.changes.map((c) => c.kind)).toEqual(['newly-failing']);
  });

  it('has no score delta when either run has no score', () => {
    expect(diffReports({ score: null, checks: [] }, { score: 80, checks: [] }).scoreDelta).toBeNull();
    expect(diffReports({ score: 80, checks: [] }, { score: null, checks: [] }).scoreDelta).toBeNull();
  });

  it('finds nothing between identical runs', () => {
    const same = { score: 50, checks: [check('title', true, ['a', { b: 1 }]), check('gsb', false)] };
    const diff = diffReports(same, structuredClone(same));
    expect(diff.changes).toEqual([]);
    expect(diff.unchanged).toHaveLength(2);
    expect(hasChanges(diff)).toBe(false);
  });

  it('writes score deltas with a real minus sign', () => {
    expect(formatScoreDelta(6)).toBe('+6');
    expect(formatScoreDelta(-3)).toBe('−3');
    expect(formatScoreDelta(0)).toBe('±0');
  });
});

describe('two reports compared side by side', () => {
  // Report A and report B of two different pages: every check of both, what differs first.
  const a = {
    score: 64,
    checks: [
      check('title', true, 'Staging'),
      check('favicon', false, null, 'low'),
      check('load_time', true, 1.2, 'medium'),
      check('meta_description', false, null, 'high'),
      check('gsb', true),
      check('only_in_a', true),
      check('charset', true, 'UTF-8', 'low'),
      check('headings', false, { h1: [] }, 'high'),
    ],
  };
  const b = {
    score: 81,
    checks: [
      check('charset', true, 'UTF-8', 'low'),
      check('gsb', true),
      check('load_time', false, 3.4, 'medium'),
      check('favicon', true, 'https://b.example/favicon.ico', 'low'),
      check('title', true, 'Live'),
      check('meta_description', false, null, 'high'),
      check('only_in_b', false, null, 'medium'),
      check('headings', true, { h1: ['Live'] }, 'high'),
    ],
  };

  it('lists outcomes that differ first, then other values, then checks one side lacks, then the same', () => {
    const rows = comparedRows(diffReports(a, b));
    expect(rows.map((row) => [row.kind, row.name])).toEqual([
      // Failing in B only (A passed), most important first as the page lists findings.
      ['newly-failing', 'load_time'],
      // Failing in A only: B's passed checks in the service's groups (SEO, then Miscellaneous).
      ['fixed', 'headings'],
      ['fixed', 'favicon'],
      ['changed', 'title'],
      ['added', 'only_in_b'],
      ['removed', 'only_in_a'],
      // The same in both: B's failed ones first, then passed by group.
      ['same', 'meta_description'],
      ['same', 'gsb'],
      ['same', 'charset'],
    ]);
    // Each row holds both sides' checks for the table.
    const title = rows.find((row) => row.name === 'title');
    expect([title?.before?.value, title?.after?.value]).toEqual(['Staging', 'Live']);
    expect(rows.find((row) => row.name === 'only_in_a')?.after).toBeUndefined();
  });

  it('is the reverse when A and B are swapped', () => {
    const rows = comparedRows(diffReports(b, a));
    expect(rows.filter((row) => row.kind === 'newly-failing').map((row) => row.name)).toEqual(['headings', 'favicon']);
    expect(rows.filter((row) => row.kind === 'fixed').map((row) => row.name)).toEqual(['load_time']);
    expect(rows.filter((row) => row.kind === 'added').map((row) => row.name)).toEqual(['only_in_a']);
    expect(diffReports(b, a).scoreDelta).toBe(-17);
  });

  it('has every check of both once', () => {
    const rows = comparedRows(diffReports(a, b));
    const names = new Set([...a.checks, ...b.checks].map((c) => c.name));
    expect(rows).toHaveLength(names.size);
    expect(new Set(rows.map((row) => row.name))).toEqual(names);
  });
});
