import { describe, expect, it } from 'vitest';
import { judgeRoutes } from '../../scripts/size-budgets.mjs';

const FLOOR = 100;
const judge = (routes: { route: string; kb: number }[], baseline: Record<string, number> | undefined) =>
  judgeRoutes({ routes, floorKb: FLOOR, baseline, firstPaintRoute: '/reports' });

describe('judgeRoutes (npm run size)', () => {
  it('fails the first paint of /reports over the floor + 19.5 kB, and passes it at exactly 19.5', () => {
    const [over] = judge([{ route: '/reports', kb: 119.501 }], { '/reports': 119.501 });
    expect(over).toMatchObject({ verdict: 'FAIL', overFloorKb: 19.501 });
    expect(over?.reasons).toEqual([expect.stringContaining('over the floor')]);
    expect(judge([{ route: '/reports', kb: 119.5 }], { '/reports': 119.5 })[0]?.verdict).toBe('PASS');
  });

  it('holds only /reports to the floor limit', () => {
    expect(judge([{ route: '/settings', kb: 150 }], { '/settings': 150 })[0]?.verdict).toBe('PASS');
  });

  it('fails a route that grew by more than 1.5 kB over its baseline', () => {
    const [grown] = judge([{ route: '/settings', kb: 141.501 }], { '/settings': 140 });
    expect(grown).toMatchObject({ verdict: 'FAIL', growthKb: 1.501, baselineKb: 140 });
    expect(grown?.reasons).toEqual([expect.stringContaining('grew by 1.50 kB')]);
  });

  it('passes a growth of exactly 1.5 kB, and any shrinking', () => {
    // 128.002 − 126.502 is 1.5000000000000147 in floating point: compared in whole bytes.
    expect(judge([{ route: '/settings', kb: 128.002 }], { '/settings': 126.502 })[0]).toMatchObject({
      verdict: 'PASS',
      growthKb: 1.5,
    });
    expect(judge([{ route: '/settings', kb: 120 }], { '/settings': 140 })[0]?.verdict).toBe('PASS');
  });

  it('reports a route absent from the baseline as new, without failing it', () => {
    const verdicts = judge(
      [
        { route: '/reports', kb: 112 },
        { route: '/sites', kb: 400 },
      ],
      { '/reports': 112 },
    );
    expect(verdicts.map((row) => [row.route, row.verdict])).toEqual([
      ['/reports', 'PASS'],
      ['/sites', 'NEW'],
    ]);
    expect(verdicts[1]).toMatchObject({ baselineKb: undefined, growthKb: undefined, reasons: [] });
  });

  it('reports every route as new when there is no baseline file, but still holds the floor', () => {
    const verdicts = judge(
      [
        { route: '/reports', kb: 120 },
        { route: '/settings', kb: 150 },
      ],
      undefined,
    );
    expect(verdicts.map((row) => row.verdict)).toEqual(['FAIL', 'NEW']);
  });
});
