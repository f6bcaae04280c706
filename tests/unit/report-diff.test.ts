import type { Check } from '../../src/api';
import { diffReports, formatScoreDelta, hasChanges } from '../../src/features/reports/report-diff';

const check = (name: string, passed: boolean | null, importance: Check['importance'] = 'high'): Check => ({
  name,
  passed,
  importance,
  value: null,
  errors: passed === false ? { failed: null } : {},
});

describe('diffReports', () => {
  it('finds checks that flipped each way and the score delta', () => {
    const previous = {
      score: 72,
      checks: [check('title', true), check('load_time', false), check('gsb', true), check('favicon', false, 'low')],
    };
    const next = {
      score: 78,
      checks: [check('title', false), check('load_time', true), check('gsb', true), check('favicon', true, 'low')],
    };
    const diff = diffReports(previous, next);
    expect(diff.scoreDelta).toBe(6);
    expect(diff.scoreBefore).toBe(72);
    expect(diff.scoreAfter).toBe(78);
    expect(diff.nowPassing.map((c) => c.name)).toEqual(['load_time', 'favicon']);
    expect(diff.nowFailing.map((c) => c.name)).toEqual(['title']);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(hasChanges(diff)).toBe(true);
  });

  it('reports checks added and removed, and never counts them as flips', () => {
    const diff = diffReports(
      { score: 50, checks: [check('title', true), check('old', false)] },
      { score: 50, checks: [check('title', true), check('new', false)] },
    );
    expect(diff.added.map((c) => c.name)).toEqual(['new']);
    expect(diff.removed.map((c) => c.name)).toEqual(['old']);
    expect(diff.nowFailing).toEqual([]);
    expect(diff.scoreDelta).toBe(0);
    expect(hasChanges(diff)).toBe(true);
  });

  it('treats an unknown outcome becoming known as a change, and known becoming unknown as neither', () => {
    const diff = diffReports(
      { score: 10, checks: [check('a', null), check('b', true)] },
      { score: 20, checks: [check('a', true), check('b', null)] },
    );
    expect(diff.nowPassing.map((c) => c.name)).toEqual(['a']);
    expect(diff.nowFailing).toEqual([]);
  });

  it('has no delta when either score is unknown', () => {
    expect(diffReports({ score: null, checks: [] }, { score: 80, checks: [] }).scoreDelta).toBeNull();
    expect(diffReports({ score: 80, checks: [] }, { score: null, checks: [] }).scoreDelta).toBeNull();
  });

  it('says nothing changed when nothing did', () => {
    const same = { score: 64, checks: [check('title', true), check('robots', false)] };
    const diff = diffReports(same, structuredClone(same));
    expect(hasChanges(diff)).toBe(false);
    expect(diff.nowPassing).toEqual([]);
    expect(diff.nowFailing).toEqual([]);
  });
});

describe('formatScoreDelta', () => {
  it.each([
    [6, '+6'],
    [-3, '−3'],
    [0, '±0'],
  ])('%d → %s', (delta, text) => expect(formatScoreDelta(delta)).toBe(text));
});
