import type { Check, Report } from './service-types';
import { splitFindings } from './checks';

/**
 * What differs between two reports, check by check: two runs of one page (an earlier report of
 * the same URL, or this report before a re-analysis, kept on this device since the service keeps
 * no history of results), or any two reports compared side by side. "Before" is the first of the
 * two (the earlier run, or report A), "after" the second.
 */
export type CheckChangeKind = 'newly-failing' | 'fixed' | 'changed' | 'added' | 'removed';

export interface CheckPair {
  name: string;
  /** The check in the first report; undefined for a check that only the second one has. */
  before: Check | undefined;
  /** The check in the second report; undefined for a check that only the first one has. */
  after: Check | undefined;
}

export interface CheckChange extends CheckPair {
  kind: CheckChangeKind;
}

export interface ReportDiff {
  scoreBefore: number | null;
  scoreAfter: number | null;
  /** null when either score is unknown. */
  scoreDelta: number | null;
  /** Newly failing first, then fixed, then other changes of value, then added and removed checks. */
  changes: CheckChange[];
  /** Checks with the same outcome and value in both, in the order the page lists findings. */
  unchanged: CheckPair[];
}

type Results = Pick<Report, 'score' | 'checks'>;

const KIND_ORDER: Record<CheckChangeKind, number> = { 'newly-failing': 0, fixed: 1, changed: 2, added: 3, removed: 4 };

/** Values compared by content: the same list or object in another key order is no change. */
function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function kindOf(before: Check, after: Check): CheckChangeKind | null {
  if (before.passed !== false && after.passed === false) return 'newly-failing';
  if (before.passed === false && after.passed === true) return 'fixed';
  if (before.passed !== after.passed) return 'changed';
  return sameValue(before.value, after.value) && sameValue(before.errors, after.errors) ? null : 'changed';
}

/** Compares an earlier run with a later one, or report A with report B. */
export function diffReports(earlier: Results, later: Results): ReportDiff {
  const before = new Map(earlier.checks.map((check) => [check.name, check]));
  const after = new Set(later.checks.map((check) => check.name));
  const changes: CheckChange[] = [];
  const unchanged: CheckPair[] = [];
  // In the order the page lists findings: most important first.
  const { issues, unknown, passed } = splitFindings(later.checks);
  for (const check of [...issues, ...unknown, ...passed.flatMap((group) => group.checks)]) {
    const old = before.get(check.name);
    const kind = old ? kindOf(old, check) : 'added';
    if (kind) changes.push({ name: check.name, kind, before: old, after: check });
    else unchanged.push({ name: check.name, before: old, after: check });
  }
  for (const check of earlier.checks) {
    if (!after.has(check.name)) changes.push({ name: check.name, kind: 'removed', before: check, after: undefined });
  }
  changes.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const scoreDelta = earlier.score !== null && later.score !== null ? later.score - earlier.score : null;
  return { scoreBefore: earlier.score, scoreAfter: later.score, scoreDelta, changes, unchanged };
}

export type ComparedRow = CheckPair & { kind: CheckChangeKind | 'same' };

/**
 * Every check of two reports compared side by side, what differs first: outcomes that differ
 * (failing in the second only, then in the first only), other values, checks only one of them
 * has, then the checks that are the same in both.
 */
export function comparedRows(diff: ReportDiff): ComparedRow[] {
  return [...diff.changes, ...diff.unchanged.map((pair) => ({ ...pair, kind: 'same' as const }))];
}

export function countChanges(diff: ReportDiff, kind: CheckChangeKind): number {
  return diff.changes.filter((change) => change.kind === kind).length;
}

/** "+6", "−3" (a real minus sign), "±0". */
export function formatScoreDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '±0';
}

export function hasChanges(diff: ReportDiff): boolean {
  return (diff.scoreDelta !== null && diff.scoreDelta !== 0) || diff.changes.length > 0;
}
