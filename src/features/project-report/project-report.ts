import type { Importance } from '../../api';
import {
  affectedPages,
  aggregateProjectAudit,
  compareStates,
  stateAt,
  type CheckChange,
  type ReadReport,
  type StateComparison,
} from '../audit';

/**
 * What a project's client report says, from the runs this device keeps: the project's health at
 * two dates, what changed in between, the issues to fix first with the pages they are on, and
 * every page with its score. Pure: the page shows it, the tests hold it, the bench times it.
 * The state of the site and what changed are the audit's (compareStates); nothing is counted
 * again here.
 */

/** Top issues in the report: more is a list, not advice. */
export const TOP_ISSUES = 10;
/** Affected pages named under each top issue; the rest are counted (and all are in "Every page"). */
export const PAGES_PER_ISSUE = 10;

/**
 * A check the analyst set aside for this project (issue 29, item 2: check settings): it is left
 * out of the top issues and of what changed, and the report lists it apart with the note, so
 * that nothing is hidden from the client silently.
 */
export interface SetAsideCheck {
  check: string;
  /** Why ("no sitemap on purpose"); null when none was given. */
  note: string | null;
}

export interface ReportIssue {
  check: string;
  importance: Importance | null;
  /** The pages (their latest run at the report's date) that fail it, lowest score first. */
  pages: ReadReport[];
  /** pages / every page, 0–1. */
  share: number;
}

export interface ChangeTotals {
  /** Failures of a check on a page that were not there before (on kept or new pages). */
  newlyFailing: number;
  fixed: number;
  stillFailing: number;
  newPages: number;
  gonePages: number;
}

export interface ProjectReport {
  comparison: StateComparison;
  /** The checks that changed or still fail, most important first (set-aside checks left out). */
  changes: CheckChange[];
  totals: ChangeTotals;
  topIssues: ReportIssue[];
  /** Every page at the report's date, lowest score first (pages with no score last), then by address. */
  pages: ReadReport[];
  /** The checks set aside that the report left out, as given. */
  setAside: SetAsideCheck[];
}

const byAddress = (a: ReadReport, b: ReadReport) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
/** Lowest score first, unscored pages last, then by address: what needs work leads. */
export const byScore = (a: ReadReport, b: ReadReport) =>
  (a.score === null ? 1 : 0) - (b.score === null ? 1 : 0) || (a.score ?? 0) - (b.score ?? 0) || byAddress(a, b);

/** The report of a project's runs between two moments (epoch ms: runs on or before each count). */
export function buildProjectReport(
  reports: readonly ReadReport[],
  { fromAt, toAt, setAside = [] }: { fromAt: number; toAt: number; setAside?: readonly SetAsideCheck[] },
): ProjectReport {
  const after = stateAt(reports, toAt);
  const comparison = compareStates(stateAt(reports, fromAt), after);
  const aside = new Set(setAside.map((entry) => entry.check));

  const changes = comparison.checks.filter(
    (change) =>
      !aside.has(change.check) &&
      change.newlyFailing.length + change.onNewPages.length + change.fixed.length + change.stillFailing.length > 0,
  );
  const totals: ChangeTotals = {
    newlyFailing: 0,
    fixed: 0,
    stillFailing: 0,
    newPages: comparison.newPages.length,
    gonePages: comparison.gonePages.length,
  };
  for (const change of changes) {
    totals.newlyFailing += change.newlyFailing.length + change.onNewPages.length;
    totals.fixed += change.fixed.length;
    totals.stillFailing += change.stillFailing.length;
  }

  const pages = [...after.pages.values()];
  // The audit's impact order (importance × pages), as the project's page lists its issues.
  const issues = aggregateProjectAudit(pages, toAt).issues.filter((issue) => !aside.has(issue.check));
  const topIssues = issues.slice(0, TOP_ISSUES).map((issue) => ({
    check: issue.check,
    importance: issue.importance,
    pages: affectedPages(pages, issue.check)
      .map(({ report }) => report)
      .sort(byScore),
    share: issue.share,
  }));

  return {
    comparison,
    changes,
    totals,
    topIssues,
    pages: pages.sort(byScore),
    setAside: [...setAside],
  };
}
