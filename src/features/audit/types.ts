import type { Check, Importance, Report } from '../../api';

/**
 * A report as the audit keeps it: everything the lists show, and only the checks that did not
 * pass (failed, or of an outcome we cannot read). Passed checks are most of a report's bytes and
 * the audit never shows them, so they are not kept on the device.
 */
export interface ReadReport extends Omit<Report, 'checks'> {
  problems: Check[];
  /**
   * The names of the checks that passed, by the importance the run gave them: what the adjusted
   * score needs (decision 78), without their values. Absent: read before they were kept.
   */
  passed?: PassedChecks;
  /**
   * Put here by a write of this dashboard (created or analysed again), not by a read. A refresh
   * does not stop at it: a report analysed elsewhere before this write has an older
   * `generated_at` and would be hidden behind it. The next read that lists it replaces it.
   */
  unconfirmed?: true;
}

export interface PassedChecks {
  high: string[];
  medium: string[];
  low: string[];
  /** Of an importance the service did not state. */
  unstated: string[];
}

/** Everything read of one project, newest `generated_at` first, as the service listed it. */
export interface ProjectSnapshot {
  project: string;
  reports: ReadReport[];
  /** The service's count of the project's reports when it was read. */
  total: number;
  /**
   * Rows of the service's answers that could not be read (a broken record): counted in `total`
   * but not in `reports`, so a refresh does not take them for deleted reports. Absent: none.
   */
  unreadable?: number;
  /** When it was last read or refreshed (ISO). */
  readAt: string;
}

/** A check failing on at least one page (latest run of each URL). */
export interface AuditIssue {
  check: string;
  /** The highest importance the service gave it on a failing page; null when it never said. */
  importance: Importance | null;
  /** Pages (latest runs) on which it fails. */
  pages: number;
  /** pages / all pages of the project, 0–1. */
  share: number;
  /** Importance weight × pages: the order in which to fix things. */
  impact: number;
}

export interface RatingCounts {
  good: number;
  decent: number;
  bad: number;
  /** Reports without a score or rating. */
  unrated: number;
}

export interface ProjectAudit {
  /** Every report read, all runs. */
  reports: number;
  /** Distinct URLs: the latest run of each is a page. */
  pages: number;
  /** Average score of the pages that have one; null when none has. */
  averageScore: number | null;
  ratings: RatingCounts;
  /** The newest `generated_at` of any page. */
  lastGeneratedAt: string | null;
  /** Pages whose latest run is older than 30 days (or of unknown date). */
  stale: number;
  /** Impact order, highest first. */
  issues: AuditIssue[];
}

/**
 * While a project is read for the first time: the audit of the reports read so far, shown as
 * partial until the read ends (docs/decisions/0098).
 */
export interface PartialAudit {
  audit: ProjectAudit;
  /** The reports read so far (the audit's source). */
  reports: ReadReport[];
  /** The service's count of the project's reports. */
  total: number;
}

/** What the overview needs of a read project, kept beside it so that the overview reads no reports. */
export interface AuditSummary {
  project: string;
  pages: number;
  averageScore: number | null;
  /** The newest `generated_at` of any page: the projects list's "last analysed". */
  lastGeneratedAt: string | null;
  issues: Pick<AuditIssue, 'check' | 'importance' | 'pages'>[];
  readAt: string;
}
