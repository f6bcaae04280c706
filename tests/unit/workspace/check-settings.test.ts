// @vitest-environment node
import { checksOfRun, toReadReport } from '../../../src/features/audit/aggregate';
import type { Check, Report } from '../../../src/api';
import {
  accept,
  adjustedHealth,
  adjustedScore,
  NO_CHECK_SETTINGS,
  parseCheckSettings,
  REASON_MAX_LENGTH,
  setAsideOf,
  switchOff,
  switchOn,
  unaccept,
  type CheckSettings,
  type ScoredCheck,
} from '../../../src/features/workspace/check-settings';
import { parseWorkspace, WORKSPACE_VERSION } from '../../../src/features/workspace/model';

const check = (name: string, importance: ScoredCheck['importance'], passed: boolean | null): ScoredCheck => ({
  name,
  importance,
  passed,
});
const everyCheck = () => true;

describe('the adjusted score (default weights: high 10, medium 5, low 0)', () => {
  // title high pass 10/10, meta_description high fail 0/10, load_time medium pass 5/5,
  // sitemap medium fail 0/5, favicon low fail 0/0: 15 of 30 → 50.
  const run = [
    check('title', 'high', true),
    check('meta_description', 'high', false),
    check('load_time', 'medium', true),
    check('sitemap', 'medium', false),
    check('favicon', 'low', false),
  ];

  it('is the weighted share of the checks that passed', () => {
    expect(adjustedScore(run, everyCheck)).toBe(50);
  });

  it('leaves out the checks set aside, failing or passing', () => {
    // Without sitemap: 15 of 25 → 60.
    expect(adjustedScore(run, (name) => name !== 'sitemap')).toBe(60);
    // Without title (a pass): 5 of 20 → 25.
    expect(adjustedScore(run, (name) => name !== 'title')).toBe(25);
    // A low check weighs nothing: setting it aside changes nothing.
    expect(adjustedScore(run, (name) => name !== 'favicon')).toBe(50);
  });

  it('rounds as the service does', () => {
    // 10 of 15 → 66.67 → 67.
    expect(adjustedScore([check('a', 'high', true), check('b', 'medium', false)], everyCheck)).toBe(67);
  });

  it('counts checks it does not know by name with the importance the run gives them', () => {
    // brand_new_check high fail: 15 of 40 → 37.5 → 38.
    expect(adjustedScore([...run, check('brand_new_check', 'high', false)], everyCheck)).toBe(38);
  });

  it('gives a check of unstated importance no weight, and an unreadable outcome no say', () => {
    expect(adjustedScore([...run, check('mystery', null, false), check('odd', 'high', null)], everyCheck)).toBe(50);
  });

  it('weighs each run by the importance that run gives a check', () => {
    // sitemap medium in one run, high in the next: 15/30 → 50, then 15/35 → 42.86 → 43.
    const later = run.map((c) => (c.name === 'sitemap' ? { ...c, importance: 'high' as const } : c));
    expect(adjustedScore(run, everyCheck)).toBe(50);
    expect(adjustedScore(later, everyCheck)).toBe(43);
  });

  it('counts a check named twice once', () => {
    expect(adjustedScore([check('title', 'high', true), check('title', 'high', false)], everyCheck)).toBe(100);
  });

  it('has no figure when no weighed check is left', () => {
    expect(adjustedScore([check('favicon', 'low', false)], everyCheck)).toBeNull();
    expect(adjustedScore(run, () => false)).toBeNull();
    expect(adjustedScore([], everyCheck)).toBeNull();
  });
});

describe('the adjusted health of a project', () => {
  const settings: CheckSettings = {
    off: [{ check: 'sitemap', reason: 'No sitemap on purpose', at: '2026-11-27T00:00:00.000Z' }],
    accepted: [
      { check: 'meta_description', page: 'a.example/login', note: 'Login page', at: '2026-11-27T00:00:00.000Z' },
    ],
  };
  const home = [check('title', 'high', true), check('sitemap', 'medium', false)]; // 10/15 → 67; sitemap off → 100
  const login = [check('title', 'high', true), check('meta_description', 'high', false)]; // 10/20 → 50; accepted → 100
  const blog = [
    check('title', 'high', false),
    check('meta_description', 'high', false),
    check('load_time', 'medium', true),
  ];
  // blog: 5/25 → 20, the acceptance is for the login page only → 20.

  it('averages the pages’ adjusted scores, each page with its own acceptances', () => {
    const health = adjustedHealth(
      [
        { page: 'a.example', checks: home },
        { page: 'a.example/login', checks: login },
        { page: 'a.example/blog', checks: blog },
      ],
      settings,
    );
    // (100 + 100 + 20) / 3
    expect(health).toEqual({ average: 220 / 3, scored: 3, unknown: 0, nothingToCount: 0 });
  });

  it('without settings, is the plain estimate', () => {
    const health = adjustedHealth(
      [
        { page: 'a.example', checks: home },
        { page: 'a.example/login', checks: login },
      ],
      NO_CHECK_SETTINGS,
    );
    expect(health.average).toBe((67 + 50) / 2);
  });

  it('leaves out and counts pages whose checks are not known or weigh nothing', () => {
    const health = adjustedHealth(
      [
        { page: 'a.example', checks: home },
        { page: 'a.example/old', checks: null },
        { page: 'a.example/low', checks: [check('favicon', 'low', false)] },
      ],
      settings,
    );
    expect(health).toEqual({ average: 100, scored: 1, unknown: 1, nothingToCount: 1 });
  });
});

describe('a run’s checks as the audit keeps them', () => {
  const raw = (name: string, importance: Check['importance'], passed: boolean | null): Check => ({
    name,
    importance,
    passed,
    value: passed ? 'a passed value the audit does not keep' : 'found',
    errors: {},
  });
  const report: Report = {
    id: '1',
    url: 'a.example',
    project: 'a.example',
    score: 50,
    rating: 'decent',
    checks: [raw('title', 'high', true), raw('sitemap', 'medium', false), raw('x', null, true), raw('y', 'low', null)],
    privacy: 'public',
    hasPassword: false,
    generatedAt: null,
    createdAt: null,
    updatedAt: null,
  } as Report;

  it('keeps the passed checks by name and importance, and gives them back for the score', () => {
    const kept = toReadReport(report);
    expect(kept.passed).toEqual({ high: ['title'], medium: [], low: [], unstated: ['x'] });
    expect(JSON.stringify(kept)).not.toContain('a passed value');
    expect(adjustedScore(checksOfRun(kept) ?? [], everyCheck)).toBe(67);
  });

  it('says a run read before they were kept has no checks to score', () => {
    const { passed: _passed, ...old } = toReadReport(report);
    expect(checksOfRun(old)).toBeNull();
  });
});

describe('reading stored check settings', () => {
  it('starts with nothing set aside from garbage', () => {
    for (const stored of [undefined, null, 42, 'off', [], { off: 'sitemap' }, { off: {}, accepted: 7 }]) {
      expect(parseCheckSettings(stored)).toEqual(NO_CHECK_SETTINGS);
    }
  });

  it('keeps each readable entry and leaves out each broken one on its own', () => {
    const parsed = parseCheckSettings({
      off: [
        { check: 'sitemap', reason: '  No sitemap on purpose  ', at: '2026-11-27T03:00:00.000Z' },
        { check: 'sitemap', reason: 'a duplicate' },
        { check: '', reason: 'no name' },
        { check: '   ' },
        { check: 'x'.repeat(201) },
        { check: 42 },
        null,
        { check: 'social', reason: 'r'.repeat(10_000), at: 'yesterday' },
        { check: '<img src=x onerror=alert(1)>', reason: { html: true } },
      ],
      accepted: [
        {
          check: 'meta_description',
          page: 'a.example/login',
          note: 'Accepted by the client',
          at: '2026-11-27T03:00:00.000Z',
        },
        { check: 'meta_description', page: 'a.example/login', note: 'again' },
        { check: 'meta_description', page: '' },
        { check: 'meta_description', page: 'p'.repeat(2_001) },
        { check: 'meta_description', page: ['a.example'] },
        { check: 'title', page: 'a.example/login' },
      ],
    });
    expect(parsed.off).toEqual([
      { check: 'sitemap', reason: 'No sitemap on purpose', at: '2026-11-27T03:00:00.000Z' },
      { check: 'social', reason: 'r'.repeat(REASON_MAX_LENGTH), at: '1970-01-01T00:00:00.000Z' },
      { check: '<img src=x onerror=alert(1)>', reason: '', at: '1970-01-01T00:00:00.000Z' },
    ]);
    expect(parsed.accepted).toEqual([
      {
        check: 'meta_description',
        page: 'a.example/login',
        note: 'Accepted by the client',
        at: '2026-11-27T03:00:00.000Z',
      },
      { check: 'title', page: 'a.example/login', note: '', at: '1970-01-01T00:00:00.000Z' },
    ]);
  });

  it('bounds what a runaway record keeps', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ check: `c${i}`, page: `a.example/${i}` }));
    const parsed = parseCheckSettings({ off: many, accepted: many });
    expect(parsed.off).toHaveLength(200);
    expect(parsed.accepted).toHaveLength(5_000);
  });

  it('is read with the workspace, each project on its own', () => {
    const workspace = parseWorkspace({
      version: WORKSPACE_VERSION,
      connection: 'c',
      projects: [
        { project: 'a.example', checks: { off: [{ check: 'sitemap' }] } },
        { project: 'b.example', checks: 'garbage' },
      ],
    });
    // Present only when something is set aside, so that a file or a record without any stays as it was.
    expect(workspace.projects.map((entry) => entry.checks?.off.map((off) => off.check))).toEqual([
      ['sitemap'],
      undefined,
    ]);
  });
});

describe('changing the settings', () => {
  const at = new Date('2026-11-27T04:00:00.000Z');

  it('switches a check off and on again, and accepts and unaccepts a page', () => {
    const settings: CheckSettings = { off: [], accepted: [] };
    switchOff(settings, 'sitemap', ' on purpose ', at);
    switchOff(settings, 'sitemap', 'changed reason', at);
    accept(settings, 'title', 'a.example/login', 'client said so', at);
    const setAside = setAsideOf(settings);
    expect(settings.off).toEqual([{ check: 'sitemap', reason: 'changed reason', at: at.toISOString() }]);
    expect(setAside.isOff('sitemap')).toBe(true);
    expect(setAside.isSetAside('title', 'a.example/login')).toBe(true);
    expect(setAside.isSetAside('title', 'a.example/blog')).toBe(false);
    switchOn(settings, 'sitemap');
    unaccept(settings, 'title', 'a.example/login');
    expect(settings).toEqual({ off: [], accepted: [] });
  });
});
