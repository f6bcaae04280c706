// @vitest-environment node
import fc from 'fast-check';
import type { Check, Importance } from '../../../src/api';
import { ratingFromScore } from '../../../src/api';
import { runToEnd } from '../../../src/features/audit/aggregate';
import {
  compareStates,
  compareStatesSteps,
  dayOf,
  endOfDay,
  healthGrouping,
  healthOf,
  healthOverTime,
  healthOverTimeSteps,
  pageKey,
  runDays,
  startOfDay,
  stateAt,
  stateAtSteps,
  type StateComparison,
} from '../../../src/features/audit/history';
import type { ReadReport } from '../../../src/features/audit/types';

// Every date is built in the local time zone, as the dashboard reads days: the tests hold in any.
const local = (month: number, date: number, hour = 10) => new Date(2026, month - 1, date, hour).toISOString();
const endOf = (month: number, date: number) => new Date(2026, month - 1, date + 1).getTime() - 1;

const failed = (name: string, importance: Importance | null): Check => ({
  name,
  passed: false,
  importance,
  value: null,
  errors: { failed: null },
});
const unreadable = (name: string): Check => ({ name, passed: null, importance: 'high', value: null, errors: {} });

function run(id: string, url: string, at: string | null, score: number | null, problems: Check[]): ReadReport {
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

// Worked out by hand, A = end of Oct 31, B = end of Nov 30:
// x: meta_description fixed, load_time still failing, title newly failing; 60 → 80.
// y: spelled two ways; image_keywords still failing, preload_hints (a check nobody documents, of
//    no stated importance) newly failing; 50 → 40.
// z: not analysed again: load_time still failing, nothing else can change; 70 → 70.
// n: new (Nov 15), fails title.
// u: its first run gave nothing to read (no score, no findings): meta_description is unclear.
// v: title failing, then of an outcome we cannot read: unclear, not fixed; 55 → 65.
// w: no date at all: in no state.
const FIXTURE: ReadReport[] = [
  run('1', 'a.example/x', local(10, 1), 60, [failed('meta_description', 'high'), failed('load_time', 'medium')]),
  run('2', 'a.example/u', local(10, 2), null, []),
  run('3', 'a.example/z', local(10, 3), 70, [failed('load_time', 'medium')]),
  run('4', 'a.example/v', local(10, 4), 55, [failed('title', 'high')]),
  run('5', 'https://www.a.example/y/', local(10, 5), 50, [failed('image_keywords', 'low')]),
  run('6', 'a.example/x', local(11, 10), 80, [failed('load_time', 'medium'), failed('title', 'high')]),
  run('7', 'a.example/y', local(11, 12), 40, [failed('image_keywords', 'low'), failed('preload_hints', null)]),
  run('8', 'a.example/v', local(11, 13), 65, [unreadable('title')]),
  run('9', 'a.example/u', local(11, 14), 75, [failed('meta_description', 'high')]),
  run('10', 'a.example/n', local(11, 15), 90, [failed('title', 'high')]),
  run('11', 'a.example/w', null, 20, [failed('title', 'high')]),
];
const A = endOf(10, 31);
const B = endOf(11, 30);

const keys = (pages: readonly { key: string }[]) => pages.map((page) => page.key);
const byCheck = (comparison: StateComparison) =>
  Object.fromEntries(
    comparison.checks.map((c) => [
      c.check,
      {
        newlyFailing: keys(c.newlyFailing),
        fixed: keys(c.fixed),
        stillFailing: keys(c.stillFailing),
        unclear: keys(c.unclear),
        onNewPages: keys(c.onNewPages),
        onGonePages: keys(c.onGonePages),
      },
    ]),
  );

describe('a page across runs', () => {
  it('is one page whatever the scheme, www., trailing slash, fragment or host case', () => {
    for (const spelling of [
      'a.example/blog',
      'https://www.a.example/blog/',
      'http://A.example/blog',
      'WWW.a.example/blog//',
      'a.example/blog#top',
    ])
      expect(pageKey(spelling)).toBe('a.example/blog');
    expect(pageKey('https://a.example/')).toBe('a.example');
    expect(pageKey('a.example/blog/?page=2')).toBe('a.example/blog?page=2');
  });

  it('keeps what tells pages apart: the path case and the query', () => {
    expect(pageKey('a.example/Blog')).not.toBe(pageKey('a.example/blog'));
    expect(pageKey('a.example/blog?page=2')).not.toBe(pageKey('a.example/blog'));
    expect(pageKey('b.example/blog')).not.toBe(pageKey('a.example/blog'));
  });
});

describe('days as a person picks them', () => {
  it('reads real calendar days only', () => {
    expect(startOfDay('2026-11-26')).toBe(new Date(2026, 10, 26).getTime());
    expect(endOfDay('2026-11-26')).toBe(new Date(2026, 10, 27).getTime() - 1);
    for (const garbage of ['2026-02-30', '2026-13-01', '26-11-2026', '2026-1-5', '', 'yesterday', '2026-11-26x'])
      expect(endOfDay(garbage)).toBeNull();
    expect(dayOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });

  it('lists the days with runs, oldest first, without the undated run', () => {
    expect(runDays(FIXTURE)).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
      '2026-11-10',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
    ]);
  });
});

describe('the state of a site at a moment', () => {
  it('is each page’s latest run on or before it', () => {
    const ids = (at: number) =>
      Object.fromEntries([...stateAt(FIXTURE, at).pages].map(([key, report]) => [key, report.id]));
    expect(ids(A)).toEqual({
      'a.example/x': '1',
      'a.example/u': '2',
      'a.example/z': '3',
      'a.example/v': '4',
      'a.example/y': '5',
    });
    expect(ids(B)).toEqual({
      'a.example/x': '6',
      'a.example/u': '9',
      'a.example/z': '3',
      'a.example/v': '8',
      'a.example/y': '7',
      'a.example/n': '10',
    });
    // On or before: a run at the very moment counts, a millisecond later does not.
    const at = Date.parse(local(11, 15));
    expect(stateAt(FIXTURE, at).pages.get('a.example/n')?.id).toBe('10');
    expect(stateAt(FIXTURE, at - 1).pages.has('a.example/n')).toBe(false);
    expect(stateAt(FIXTURE, A).undated).toBe(1);
  });

  it('has a health that leaves runs without a score out, and counts them', () => {
    expect(healthOf(stateAt(FIXTURE, A))).toEqual({
      average: (60 + 50 + 70 + 55) / 4,
      pages: 5,
      scored: 4,
      unscored: 1,
    });
    expect(healthOf(stateAt(FIXTURE, B))).toEqual({ average: 70, pages: 6, scored: 6, unscored: 0 });
  });

  it('is empty before the first run', () => {
    const state = stateAt(FIXTURE, endOf(9, 1));
    expect(state.pages.size).toBe(0);
    expect(healthOf(state)).toEqual({ average: null, pages: 0, scored: 0, unscored: 0 });
  });
});

describe('what changed between two dates', () => {
  const comparison = compareStates(stateAt(FIXTURE, A), stateAt(FIXTURE, B));

  it('counts newly failing, fixed, still failing and unclear per check, most important first', () => {
    expect(comparison.checks.map((c) => [c.check, c.importance])).toEqual([
      // High: title has two new failures (x, and the new page n), meta_description none.
      ['title', 'high'],
      ['meta_description', 'high'],
      ['load_time', 'medium'],
      ['image_keywords', 'low'],
      // A check no documented version has, of no stated importance: listed, last.
      ['preload_hints', null],
    ]);
    expect(byCheck(comparison)).toEqual({
      title: {
        newlyFailing: ['a.example/x'],
        fixed: [],
        stillFailing: [],
        unclear: ['a.example/v'],
        onNewPages: ['a.example/n'],
        onGonePages: [],
      },
      meta_description: {
        newlyFailing: [],
        fixed: ['a.example/x'],
        stillFailing: [],
        unclear: ['a.example/u'],
        onNewPages: [],
        onGonePages: [],
      },
      load_time: {
        newlyFailing: [],
        fixed: [],
        stillFailing: ['a.example/x', 'a.example/z'],
        unclear: [],
        onNewPages: [],
        onGonePages: [],
      },
      image_keywords: {
        newlyFailing: [],
        fixed: [],
        stillFailing: ['a.example/y'],
        unclear: [],
        onNewPages: [],
        onGonePages: [],
      },
      preload_hints: {
        newlyFailing: ['a.example/y'],
        fixed: [],
        stillFailing: [],
        unclear: [],
        onNewPages: [],
        onGonePages: [],
      },
    });
  });

  it('gives each changed page its score before → after and the checks that flipped', () => {
    expect(
      comparison.changed.map((p) => [p.key, p.before?.score, p.after?.score, p.scoreChange, p.newlyFailing, p.fixed]),
    ).toEqual([
      // The biggest drop first; u's first run had no score: after those that can be compared.
      ['a.example/y', 50, 40, -10, ['preload_hints'], []],
      ['a.example/v', 55, 65, 10, [], []],
      ['a.example/x', 60, 80, 20, ['title'], ['meta_description']],
      ['a.example/u', null, 75, null, [], []],
    ]);
    // y is spelled as its newer run spells it.
    expect(comparison.changed[0]?.url).toBe('a.example/y');
  });

  it('tells new pages, gone pages, pages not analysed again, and health at A and B', () => {
    expect(keys(comparison.newPages)).toEqual(['a.example/n']);
    expect(comparison.gonePages).toEqual([]);
    expect(keys(comparison.unchanged)).toEqual(['a.example/z']);
    expect(comparison.kept).toBe(5);
    expect(comparison.notRerun).toBe(1);
    expect(comparison.before.health.average).toBe(58.75);
    expect(comparison.after.health.average).toBe(70);
    expect(comparison.healthChange).toBe(11.25);
    expect(comparison.before.undated).toBe(1);
  });

  it('reads dates in the wrong order as the mirror image: fixed is newly failing, new is gone', () => {
    const mirror = compareStates(stateAt(FIXTURE, B), stateAt(FIXTURE, A));
    expect(keys(mirror.gonePages)).toEqual(['a.example/n']);
    expect(mirror.newPages).toEqual([]);
    expect(byCheck(mirror).meta_description?.newlyFailing).toEqual(['a.example/x']);
    expect(byCheck(mirror).title?.fixed).toEqual(['a.example/x']);
    expect(byCheck(mirror).title?.onGonePages).toEqual(['a.example/n']);
    expect(mirror.healthChange).toBe(-11.25);
  });

  it('finds nothing in a range with no runs, and says no health rather than zero', () => {
    const empty = compareStates(stateAt(FIXTURE, endOf(9, 1)), stateAt(FIXTURE, endOf(9, 20)));
    expect(empty.checks).toEqual([]);
    expect([empty.changed, empty.newPages, empty.gonePages]).toEqual([[], [], []]);
    expect(empty.healthChange).toBeNull();
    // Between two dates after the last run, every page is kept and none could change.
    const quiet = compareStates(stateAt(FIXTURE, endOf(11, 20)), stateAt(FIXTURE, endOf(11, 25)));
    expect(quiet.changed).toEqual([]);
    expect(quiet.notRerun).toBe(6);
    expect(quiet.healthChange).toBe(0);
  });

  it('compares a project of one run with itself without inventing a change', () => {
    const one = [FIXTURE[0] as ReadReport];
    const same = compareStates(stateAt(one, A), stateAt(one, B));
    expect(same.checks.map((c) => [c.check, keys(c.stillFailing)])).toEqual([
      ['meta_description', ['a.example/x']],
      ['load_time', ['a.example/x']],
    ]);
    expect(same.changed).toEqual([]);
    expect(same.notRerun).toBe(1);
  });

  it('never calls fixed what a run without a score or findings does not tell', () => {
    const reports = [
      run('1', 'a.example/p', local(10, 1), 30, [failed('title', 'high')]),
      run('2', 'a.example/p', local(11, 1), null, []),
    ];
    const change = compareStates(stateAt(reports, A), stateAt(reports, B));
    expect(byCheck(change).title).toMatchObject({ fixed: [], unclear: ['a.example/p'] });
    expect(change.after.health).toEqual({ average: null, pages: 1, scored: 0, unscored: 1 });
    expect(change.healthChange).toBeNull();
  });
});

describe('health over time', () => {
  it('by week: the health at the end of each week with runs (Monday to Sunday)', () => {
    const points = healthOverTime(FIXTURE, { by: 'week' });
    expect(points.map(({ from, to, runs, health }) => [from, to, runs, health])).toEqual([
      // Oct 1, 2026 is a Thursday.
      ['2026-09-28', '2026-10-04', 4, { average: (60 + 70 + 55) / 3, pages: 4, scored: 3, unscored: 1 }],
      ['2026-10-05', '2026-10-11', 1, { average: 58.75, pages: 5, scored: 4, unscored: 1 }],
      ['2026-11-09', '2026-11-15', 5, { average: 70, pages: 6, scored: 6, unscored: 0 }],
    ]);
    expect(points[0]?.at).toBe(endOf(10, 4));
  });

  it('by run: one point per day with runs', () => {
    const points = healthOverTime(FIXTURE, { by: 'run' });
    expect(points.map((p) => p.from)).toEqual(runDays(FIXTURE));
    expect(points.every((p) => p.from === p.to)).toBe(true);
    expect(points.map((p) => p.health.average)).toEqual([60, 60, 65, 185 / 3, 58.75, 63.75, 61.25, 63.75, 66, 70]);
  });

  it('has one point for one run, none for none, and no health where no run has a score', () => {
    expect(healthOverTime([FIXTURE[0] as ReadReport], { by: 'week' })).toHaveLength(1);
    expect(healthOverTime([], { by: 'week' })).toEqual([]);
    expect(healthOverTime([FIXTURE[1] as ReadReport], { by: 'run' })[0]?.health).toEqual({
      average: null,
      pages: 1,
      scored: 0,
      unscored: 1,
    });
  });

  it('is drawn day by day for a project analysed on few days, else week by week', () => {
    expect(healthGrouping(FIXTURE)).toBe('run');
    const many = Array.from({ length: 40 }, (_, i) => run(String(i), 'a.example/p', local(1, 1 + i * 3), 50, []));
    expect(healthGrouping(many)).toBe('week');
  });
});

// Random projects: a few pages spelled several ways, a few checks, scores that may be missing,
// findings of unreadable outcome, runs without a date.
const CHECKS = ['title', 'load_time', 'made_up_check'];
const SPELLINGS = ['a.example/p', 'https://www.a.example/p/', 'a.example/q', 'http://a.example/q', 'a.example/r'];
const START = new Date(2026, 0, 1).getTime();
const DAY = 24 * 3600 * 1000;
const arbitraryRun = fc.record({
  spelling: fc.constantFrom(...SPELLINGS),
  day: fc.option(fc.integer({ min: 0, max: 60 }), { freq: 8 }),
  score: fc.option(fc.integer({ min: 0, max: 100 }), { freq: 4 }),
  problems: fc
    .subarray(CHECKS)
    .chain((names) =>
      fc.tuple(
        ...names.map((name) => fc.boolean().map((readable) => (readable ? failed(name, 'high') : unreadable(name)))),
      ),
    ),
});
const arbitraryProject = fc
  .array(arbitraryRun, { maxLength: 25 })
  .map((runs) =>
    runs.map((r, i) =>
      run(
        String(i + 1),
        r.spelling,
        r.day === null ? null : new Date(START + r.day * DAY).toISOString(),
        r.score,
        r.problems,
      ),
    ),
  );
const arbitraryMoment = fc.integer({ min: -2, max: 62 }).map((day) => START + day * DAY);

describe('properties', () => {
  it('swapping A and B swaps newly failing and fixed, new and gone, and negates the health change', () => {
    fc.assert(
      fc.property(arbitraryProject, arbitraryMoment, arbitraryMoment, (reports, a, b) => {
        const forward = compareStates(stateAt(reports, a), stateAt(reports, b));
        const back = compareStates(stateAt(reports, b), stateAt(reports, a));
        const f = byCheck(forward);
        const r = byCheck(back);
        expect(Object.keys(f).sort()).toEqual(Object.keys(r).sort());
        for (const check of Object.keys(f)) {
          expect(f[check]?.newlyFailing).toEqual(r[check]?.fixed);
          expect(f[check]?.fixed).toEqual(r[check]?.newlyFailing);
          expect(f[check]?.stillFailing).toEqual(r[check]?.stillFailing);
          expect(f[check]?.unclear).toEqual(r[check]?.unclear);
          expect(f[check]?.onNewPages).toEqual(r[check]?.onGonePages);
        }
        expect(keys(forward.newPages)).toEqual(keys(back.gonePages));
        expect(keys(forward.gonePages)).toEqual(keys(back.newPages));
        expect(keys(forward.changed).sort()).toEqual(keys(back.changed).sort());
        expect(keys(forward.unchanged)).toEqual(keys(back.unchanged));
        if (back.healthChange === null) expect(forward.healthChange).toBeNull();
        else expect(forward.healthChange).toBeCloseTo(-back.healthChange, 9);
      }),
    );
  });

  it('a page is fixed only where the later run was read and does not fail the check', () => {
    fc.assert(
      fc.property(arbitraryProject, arbitraryMoment, arbitraryMoment, (reports, a, b) => {
        for (const change of compareStates(stateAt(reports, a), stateAt(reports, b)).checks) {
          for (const page of change.fixed) {
            expect(page.after?.problems.some((p) => p.name === change.check)).toBe(false);
            expect(page.after?.score === null && page.after.problems.length === 0).toBe(false);
            expect(page.before?.problems.some((p) => p.name === change.check && p.passed === false)).toBe(true);
          }
        }
      }),
    );
  });

  it('the health over time is the health of the state at the end of each period', () => {
    fc.assert(
      fc.property(arbitraryProject, fc.constantFrom('week' as const, 'run' as const), (reports, by) => {
        const points = healthOverTime(reports, { by });
        for (const point of points) {
          const expected = healthOf(stateAt(reports, point.at));
          expect(point.health.pages).toBe(expected.pages);
          expect(point.health.unscored).toBe(expected.unscored);
          if (expected.average === null) expect(point.health.average).toBeNull();
          else expect(point.health.average).toBeCloseTo(expected.average, 9);
        }
        expect(points.reduce((sum, p) => sum + p.runs, 0)).toBe(reports.filter((r) => r.generatedAt !== null).length);
      }),
    );
  });
});

describe('worked out in small steps', () => {
  // 600 pages analysed three times: the steps give the page back every few runs, and add up to
  // exactly what the plain functions give.
  const runs = Array.from({ length: 1_800 }, (_, i) =>
    run(
      String(i + 1),
      `https://a.example/page-${i % 600}`,
      local(1 + Math.floor(i / 600) * 3, 1 + (i % 20)),
      40 + (i % 60),
      i % 7 === 0 ? [failed('title', 'high')] : [],
    ),
  );
  const stepsOf = <T>(steps: Generator<void, T>) => {
    let count = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) return { count, value: step.value };
      count += 1;
    }
  };

  it('yields at least every hundred runs or pages, and ends where the plain functions do', () => {
    const before = stepsOf(stateAtSteps(runs, endOf(4, 30)));
    const after = stepsOf(stateAtSteps(runs, Infinity));
    expect(before.count).toBeGreaterThanOrEqual(runs.length / 100);
    expect(before.value).toEqual(stateAt(runs, endOf(4, 30)));
    const compared = stepsOf(compareStatesSteps(before.value, after.value));
    expect(compared.count).toBeGreaterThanOrEqual(600 / 100);
    expect(compared.value).toEqual(compareStates(before.value, after.value));
    const chart = stepsOf(healthOverTimeSteps(runs, { by: 'week' }));
    expect(chart.count).toBeGreaterThanOrEqual(runs.length / 100);
    expect(chart.value).toEqual(healthOverTime(runs, { by: 'week' }));
    expect(runToEnd(stateAtSteps(runs, Infinity))).toEqual(after.value);
  });
});
