import type { Check } from '../../src/api';
import { compareStates, stateAt } from '../../src/features/audit/history';
import type { ReadReport } from '../../src/features/audit/types';
import { withoutSetAside } from '../../src/features/site-changes/set-aside-changes';
import { NO_CHECK_SETTINGS, type CheckSettings } from '../../src/features/workspace/check-settings';

const failed = (name: string): Check => ({ name, passed: false, importance: 'high', value: null, errors: {} });
function run(id: string, url: string, at: string, score: number, problems: Check[]): ReadReport {
  return {
    id,
    url,
    project: 'a.example',
    score,
    rating: null,
    problems,
    privacy: 'public',
    hasPassword: false,
    generatedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

// x: title newly failing, meta_description fixed, load_time still failing.
// y: title newly failing, sitemap newly failing, headings fixed.
const RUNS = [
  run('1', 'a.example/x', '2026-10-01T10:00:00Z', 60, [failed('meta_description'), failed('load_time')]),
  run('2', 'a.example/y', '2026-10-01T10:00:00Z', 90, [failed('headings')]),
  run('3', 'a.example/x', '2026-11-01T10:00:00Z', 70, [failed('title'), failed('load_time')]),
  run('4', 'a.example/y', '2026-11-01T10:00:00Z', 70, [failed('title'), failed('sitemap')]),
];
const comparison = compareStates(
  stateAt(RUNS, Date.parse('2026-10-15T00:00:00Z')),
  stateAt(RUNS, Date.parse('2026-11-15T00:00:00Z')),
);
const at = '2026-11-27T00:00:00.000Z';
const SETTINGS: CheckSettings = {
  off: [{ check: 'meta_description', reason: 'Handled by the CMS', at }],
  accepted: [
    { check: 'title', page: 'a.example/y', note: 'Login page', at },
    { check: 'headings', page: 'a.example/y', note: '', at },
  ],
};
const checkNames = (checks: readonly { check: string }[]) => checks.map((change) => change.check).sort();
const keysOf = (pages: readonly { key: string }[]) => pages.map((page) => page.key);

describe('the change report with what is set aside', () => {
  it('changes nothing without settings', () => {
    const { counted, switchedOff, acceptedFlips } = withoutSetAside(comparison, NO_CHECK_SETTINGS);
    expect(counted).toBe(comparison);
    expect(switchedOff).toEqual([]);
    expect(acceptedFlips).toBe(0);
  });

  it('lists a switched-off check apart, with its flips, and counts none of them', () => {
    const { counted, switchedOff } = withoutSetAside(comparison, SETTINGS);
    expect(checkNames(comparison.checks)).toContain('meta_description');
    expect(checkNames(counted.checks)).toEqual(['headings', 'load_time', 'sitemap', 'title']);
    expect(switchedOff.map((change) => [change.check, keysOf(change.fixed)])).toEqual([
      ['meta_description', ['a.example/x']],
    ]);
    const x = counted.changed.find((page) => page.key === 'a.example/x');
    expect(x?.fixed).toEqual([]);
    expect(x?.newlyFailing).toEqual(['title']);
  });

  it('does not count a flip on a page where the failure is accepted, and says how many', () => {
    const { counted, acceptedFlips } = withoutSetAside(comparison, SETTINGS);
    const title = counted.checks.find((change) => change.check === 'title');
    expect(keysOf(title?.newlyFailing ?? [])).toEqual(['a.example/x']);
    expect(acceptedFlips).toBe(2);
    expect(counted.checks.find((change) => change.check === 'headings')?.fixed).toEqual([]);
    const y = counted.changed.find((page) => page.key === 'a.example/y');
    expect(y?.newlyFailing).toEqual(['sitemap']);
    expect(y?.fixed).toEqual([]);
    // The page the check's list points to is the same cut page as in the list of changed pages.
    expect(title?.newlyFailing[0]).toBe(counted.changed.find((page) => page.key === 'a.example/x'));
    // Scores and health are the service's.
    expect(counted.healthChange).toBe(comparison.healthChange);
  });
});
