// The verdicts of `npm run size` (scripts/size.mjs), apart from the measuring so that a unit test
// can hold them (tests/unit/size-budgets.test.ts). Two limits, both guards against growth rather
// than targets (docs/decisions/0051-route-budgets-guard-not-chase.md):
// - the first paint of /reports may weigh at most the stack's floor + FIRST_PAINT_OVER_FLOOR_KB;
// - no route may grow by more than GROWTH_KB over its figure in scripts/size-baseline.json.
// A route absent from the baseline is reported as new, not failed: the next baseline update
// records it.

// 19.5 since 2026-11-28: the list's own words and dates in the analyst's language (decision 0113;
// before, 18 for Lingui's runtime: decision 0108; 15.5: decision 0099; 14.5: decision 0085).
export const LIMITS_KB = { firstPaintOverFloor: 19.5, growth: 1.5 };

/** Figures are compared in whole bytes, so that 1.5 kB over the baseline is exactly the limit. */
const bytes = (kb) => Math.round(kb * 1000);

/**
 * Each route's verdict. `routes`: [{ route, kb }]; `floorKb`: the floor app's JavaScript;
 * `baseline`: the committed file's `routes` ({ [route]: kB }), or undefined when there is none;
 * `firstPaintRoute`: the route held to the floor limit.
 * Returns, per route: { route, kb, overFloorKb, baselineKb, growthKb, verdict, reasons }, where
 * verdict is 'PASS', 'FAIL' or 'NEW' (not in the baseline; not a failure).
 */
export function judgeRoutes({ routes, floorKb, baseline, firstPaintRoute, limits = LIMITS_KB }) {
  return routes.map(({ route, kb }) => {
    const reasons = [];
    const overFloorKb = (bytes(kb) - bytes(floorKb)) / 1000;
    if (route === firstPaintRoute && bytes(kb) - bytes(floorKb) > bytes(limits.firstPaintOverFloor))
      reasons.push(
        `the first paint is ${overFloorKb.toFixed(1)} kB over the floor, more than ${limits.firstPaintOverFloor}`,
      );
    const baselineKb = baseline?.[route];
    const growthKb = baselineKb === undefined ? undefined : (bytes(kb) - bytes(baselineKb)) / 1000;
    if (growthKb !== undefined && bytes(growthKb) > bytes(limits.growth))
      reasons.push(`grew by ${growthKb.toFixed(2)} kB over the baseline, more than ${limits.growth}`);
    const verdict = reasons.length > 0 ? 'FAIL' : baselineKb === undefined ? 'NEW' : 'PASS';
    return { route, kb, overFloorKb, baselineKb, growthKb, verdict, reasons };
  });
}
