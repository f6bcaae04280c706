import type { Check, Report } from '../../api';

/**
 * What a re-analysis changed. The service keeps no history, so "before" is whatever the
 * dashboard had cached when the re-analysis started.
 */
export interface ReportDiff {
  scoreBefore: number | null;
  scoreAfter: number | null;
  /** null when either score is unknown. */
  scoreDelta: number | null;
  /** Failed (or unknown) before, passed now. */
  nowPassing: Check[];
  /** Passed (or unknown) before, failed now. */
  nowFailing: Check[];
  /** Checks the new run has and the previous did not (e.g. a check added to the service). */
  added: Check[];
  /** Checks the previous run had and the new one does not. */
  removed: Check[];
}

type Results = Pick<Report, 'score' | 'checks'>;

export function diffReports(previous: Results, next: Results): ReportDiff {
  const before = new Map(previous.checks.map((check) => [check.name, check]));
  const after = new Map(next.checks.map((check) => [check.name, check]));
  const nowPassing: Check[] = [];
  const nowFailing: Check[] = [];
  const added: Check[] = [];
  for (const check of next.checks) {
    const old = before.get(check.name);
    if (!old) {
      added.push(check);
      continue;
    }
    if (old.passed === check.passed) continue;
    if (check.passed === true) nowPassing.push(check);
    else if (check.passed === false) nowFailing.push(check);
  }
  const removed = previous.checks.filter((check) => !after.has(check.name));
  const scoreDelta = previous.score !== null && next.score !== null ? next.score - previous.score : null;
  return { scoreBefore: previous.score, scoreAfter: next.score, scoreDelta, nowPassing, nowFailing, added, removed };
}

/** "+6", "−3" (a real minus sign), "±0". */
export function formatScoreDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '±0';
}

export function hasChanges(diff: ReportDiff): boolean {
  return (
    (diff.scoreDelta !== null && diff.scoreDelta !== 0) ||
    diff.nowPassing.length > 0 ||
    diff.nowFailing.length > 0 ||
    diff.added.length > 0 ||
    diff.removed.length > 0
  );
}
