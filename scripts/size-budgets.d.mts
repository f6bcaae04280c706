export declare const LIMITS_KB: { firstPaintOverFloor: number; growth: number };

export interface RouteVerdict {
  route: string;
  kb: number;
  overFloorKb: number;
  baselineKb: number | undefined;
  growthKb: number | undefined;
  verdict: 'PASS' | 'FAIL' | 'NEW';
  reasons: string[];
}

export declare function judgeRoutes(input: {
  routes: { route: string; kb: number }[];
  floorKb: number;
  baseline: Record<string, number> | undefined;
  firstPaintRoute: string;
  limits?: { firstPaintOverFloor: number; growth: number };
}): RouteVerdict[];
