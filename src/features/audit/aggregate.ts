import type { Check, Importance, Report } from '../../api';
import { yieldToPage } from '../../lib/yield-to-page';
import type {
  AuditIssue,
  AuditSummary,
  PassedChecks,
  ProjectAudit,
  ProjectSnapshot,
  RatingCounts,
  ReadReport,
} from './types';

/**
 * The audit of a project, computed from its reports: pure functions, so every rule is tested
 * against hand-computed fixtures. The work is a generator that pauses every few reports, so the
 * page can run it in slices between input events (aggregateInSlices) and never block for long.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const STALE_AFTER_DAYS = 30;

/**
 * Impact = weight × pages. The service weighs high 10, medium 5 and low 0 in its score, which
 * would put every low issue at zero impact; the audit keeps their order instead (3 : 2 : 1).
 * A check whose importance the service never said counts as low: it matters, we cannot say more.
 */
export const IMPORTANCE_WEIGHT: Record<Importance, number> = { high: 3, medium: 2, low: 1 };
const UNKNOWN_IMPORTANCE_WEIGHT = 1;
const IMPORTANCE_RANK: Record<Importance, number> = { high: 0, medium: 1, low: 2 };
/** high 0, medium 1, low 2, not stated 3: the order in which checks are listed. */
export const rankOf = (importance: Importance | null) => (importance === null ? 3 : IMPORTANCE_RANK[importance]);
export const weightOf = (importance: Importance | null) =>
  importance === null ? UNKNOWN_IMPORTANCE_WEIGHT : IMPORTANCE_WEIGHT[importance];

/** Keeps only what the audit needs of a report (see ReadReport). */
export function toReadReport({ checks, ...report }: Report): ReadReport {
  const passed: PassedChecks = { high: [], medium: [], low: [], unstated: [] };
  for (const check of checks) if (check.passed === true) passed[check.importance ?? 'unstated'].push(check.name);
  return { ...report, problems: checks.filter((check) => check.passed !== true), passed };
}

/**
 * A run's checks as far as a score needs them (name, importance, outcome), or null when its
 * passed checks were not kept (read before they were): then no score can be worked out again.
 */
export function checksOfRun(run: ReadReport): Pick<Check, 'name' | 'importance' | 'passed'>[] | null {
  if (!run.passed) return null;
  const checks: Pick<Check, 'name' | 'importance' | 'passed'>[] = run.problems.map(({ name, importance, passed }) => ({
    name,
    importance,
    passed,
  }));
  for (const importance of ['high', 'medium', 'low'] as const)
    for (const name of run.passed[importance]) checks.push({ name, importance, passed: true });
  for (const name of run.passed.unstated) checks.push({ name, importance: null, passed: true });
  return checks;
}

const timeOf = (iso: string | null) => {
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(time) ? -Infinity : time;
};

/** Ids are numbers in the service; compare them as numbers when they are, else as text. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Is `a` a newer run than `b`? By when it was generated (else created), then by id. */
export function isNewerRun(a: ReadReport, b: ReadReport): boolean {
  const difference = timeOf(a.generatedAt ?? a.createdAt) - timeOf(b.generatedAt ?? b.createdAt);
  if (difference !== 0) return difference > 0;
  return compareIds(a.id, b.id) > 0;
}

/** Each URL's newest report: the page as it is now. Older runs of a URL are history. */
export function latestRunPerUrl(reports: readonly ReadReport[]): ReadReport[] {
  const latest = new Map<string, ReadReport>();
  for (const report of reports) {
    const seen = latest.get(report.url);
    if (!seen || isNewerRun(report, seen)) latest.set(report.url, report);
  }
  return [...latest.values()];
}

/** How the issues are listed: highest impact first, then importance, pages, and name. */
export function compareIssues(a: AuditIssue, b: AuditIssue): number {
  return (
    b.impact - a.impact ||
    rankOf(a.importance) - rankOf(b.importance) ||
    b.pages - a.pages ||
    (a.check < b.check ? -1 : a.check > b.check ? 1 : 0)
  );
}

const higher = (a: Importance | null, b: Importance | null) => (rankOf(a) <= rankOf(b) ? a : b);

/** Pauses after this many reports: well under a millisecond each, even on a slow phone. */
const STEP = 25;

/** The audit as a generator that yields between small steps; see aggregateInSlices. */
export function* auditSteps(reports: readonly ReadReport[], now: number): Generator<void, ProjectAudit> {
  const latest = new Map<string, ReadReport>();
  for (let i = 0; i < reports.length; i += 1) {
    const report = reports[i] as ReadReport;
    const seen = latest.get(report.url);
    if (!seen || isNewerRun(report, seen)) latest.set(report.url, report);
    if (i % STEP === STEP - 1) yield;
  }

  const ratings: RatingCounts = { good: 0, decent: 0, bad: 0, unrated: 0 };
  const failing = new Map<string, { importance: Importance | null; pages: number }>();
  let scoreSum = 0;
  let scored = 0;
  let lastGenerated = -Infinity;
  let lastGeneratedAt: string | null = null;
  let stale = 0;
  const staleBefore = now - STALE_AFTER_DAYS * DAY_MS;
  let done = 0;
  for (const page of latest.values()) {
    if (page.rating) ratings[page.rating] += 1;
    else ratings.unrated += 1;
    if (page.score !== null) {
      scoreSum += page.score;
      scored += 1;
    }
    const generated = timeOf(page.generatedAt);
    if (generated > lastGenerated) {
      lastGenerated = generated;
      lastGeneratedAt = page.generatedAt;
    }
    if (generated < staleBefore) stale += 1;
    // A check that fails twice on one page (duplicate names cannot happen in a map, but a
    // future shape might) still counts the page once.
    const counted = new Set<string>();
    for (const check of page.problems) {
      if (check.passed !== false || counted.has(check.name)) continue;
      counted.add(check.name);
      const issue = failing.get(check.name);
      if (issue) {
        issue.pages += 1;
        issue.importance = higher(issue.importance, check.importance);
      } else {
        failing.set(check.name, { importance: check.importance, pages: 1 });
      }
    }
    done += 1;
    if (done % STEP === 0) yield;
  }

  const pages = latest.size;
  const issues: AuditIssue[] = [...failing].map(([check, { importance, pages: affected }]) => ({
    check,
    importance,
    pages: affected,
    share: pages > 0 ? affected / pages : 0,
    impact: weightOf(importance) * affected,
  }));
  issues.sort(compareIssues);
  return {
    reports: reports.length,
    pages,
    averageScore: scored > 0 ? scoreSum / scored : null,
    ratings,
    lastGeneratedAt,
    stale,
    issues,
  };
}

/** The whole audit at once (tests, small projects). */
export function aggregateProjectAudit(reports: readonly ReadReport[], now: number): ProjectAudit {
  return runToEnd(auditSteps(reports, now));
}

/** How long a slice of work runs before it gives the page back: input stays answered. */
const SLICE_MS = 5;

/**
 * Runs work written as a generator (one that yields between small steps) in slices of about
 * `sliceMs`, giving the page back between them, so that input stays answered while a large
 * project is worked through (the goal: no task over 50 ms). `measure` names the whole run in
 * the browser's performance panel, where the bench finds it.
 */
export async function runInSlices<T>(
  steps: Generator<void, T>,
  { sliceMs = SLICE_MS, signal, measure }: { sliceMs?: number; signal?: AbortSignal; measure?: string } = {},
): Promise<T> {
  // Start in a task of its own: not after whatever rendering the caller's update caused.
  await yieldToPage();
  signal?.throwIfAborted();
  const start = performance.now();
  let sliceStart = start;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      if (measure) performance.measure?.(measure, { start });
      return step.value;
    }
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToPage();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
}

/** Drives work written as a generator to its end at once (tests, small inputs, pure callers). */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The audit in slices (see runInSlices). */
export function aggregateInSlices(
  reports: readonly ReadReport[],
  now: number,
  { sliceMs = SLICE_MS, signal }: { sliceMs?: number; signal?: AbortSignal } = {},
): Promise<ProjectAudit> {
  return runInSlices(auditSteps(reports, now), { sliceMs, measure: 'audit: aggregate', ...(signal ? { signal } : {}) });
}

/** The pages (latest runs) on which `check` fails, each with what was found there. */
export function affectedPages(reports: readonly ReadReport[], check: string): { report: ReadReport; check: Check }[] {
  const found: { report: ReadReport; check: Check }[] = [];
  for (const report of latestRunPerUrl(reports)) {
    const failed = report.problems.find((problem) => problem.name === check && problem.passed === false);
    if (failed) found.push({ report, check: failed });
  }
  return found;
}

export function summarise(snapshot: Pick<ProjectSnapshot, 'project' | 'readAt'>, audit: ProjectAudit): AuditSummary {
  return {
    project: snapshot.project,
    pages: audit.pages,
    averageScore: audit.averageScore,
    lastGeneratedAt: audit.lastGeneratedAt,
    issues: audit.issues.map(({ check, importance, pages }) => ({ check, importance, pages })),
    readAt: snapshot.readAt,
  };
}

export interface CommonIssue {
  check: string;
  importance: Importance | null;
  /** Failing pages, across the projects. */
  pages: number;
  /** How many of the projects have it. */
  projects: number;
}

/** The issues of several read projects together: the most failing pages first. */
export function commonIssues(
  summaries: readonly AuditSummary[],
  /** Whether a check counts in a project: false where the analyst switched it off there. */
  counts: (project: string, check: string) => boolean = () => true,
): CommonIssue[] {
  const byCheck = new Map<string, CommonIssue>();
  for (const summary of summaries) {
    for (const issue of summary.issues) {
      if (!counts(summary.project, issue.check)) continue;
      const seen = byCheck.get(issue.check);
      if (seen) {
        seen.pages += issue.pages;
        seen.projects += 1;
        seen.importance = higher(seen.importance, issue.importance);
      } else {
        byCheck.set(issue.check, { ...issue, projects: 1 });
      }
    }
  }
  return [...byCheck.values()].sort(
    (a, b) =>
      b.pages - a.pages ||
      rankOf(a.importance) - rankOf(b.importance) ||
      (a.check < b.check ? -1 : a.check > b.check ? 1 : 0),
  );
}
