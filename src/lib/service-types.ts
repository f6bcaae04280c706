/**
 * The app's own types for what the v1 service holds, after parsing at the boundary. They are the
 * lowest rank (lib): the client (api) reads answers into them, and helpers that know a report or a
 * check use them without depending on the client.
 */

export type Rating = 'good' | 'decent' | 'bad';
export type Privacy = 'public' | 'private' | 'password';
export type Importance = 'high' | 'medium' | 'low';
export type ReportId = string;

export interface Check {
  name: string;
  /** null when the service sent a check of a shape we do not know. */
  passed: boolean | null;
  importance: Importance | null;
  value: unknown;
  /** Error code → detail, e.g. `{ too_slow: { max: 2 } }`. */
  errors: Record<string, unknown>;
}

export interface Report {
  id: ReportId;
  /** As the service stores it: usually without scheme or `www.`. Never trust it as a link. */
  url: string;
  project: string;
  score: number | null;
  rating: Rating | null;
  checks: Check[];
  privacy: Privacy;
  hasPassword: boolean;
  generatedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface Project {
  name: string;
  reportCount: number | null;
  averageScore: number | null;
  rating: Rating | null;
  createdAt: string | null;
}

export interface Page<T> {
  items: T[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
  from: number | null;
  to: number | null;
  /** Rows of this page that could not be read; the others are in `items`. Absent when none. */
  unreadable?: UnreadableRow[];
}

/** A row of a list answer that is not what the service should send; the rest of its page is. */
export interface UnreadableRow {
  /** Its place on the page, from 1. */
  position: number;
  /** Its id when even that much could be read. */
  id: string | null;
  /** What was wrong, for the person and for a bug report. */
  reason: string;
}

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];

export const REPORT_SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

export const RATINGS = ['good', 'decent', 'bad'] as const satisfies readonly Rating[];

/** Every list parameter of `GET /api/v1/reports`; undefined means "not sent". */
export interface ReportListParams {
  search?: string;
  searchBy?: 'url';
  project?: string;
  result?: Rating;
  sortBy?: ReportSortKey;
  sort?: SortDirection;
  perPage?: PerPage;
  page?: number;
}

export const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

export interface ProjectListParams {
  search?: string;
  searchBy?: 'project';
  sortBy?: ProjectSortKey;
  sort?: SortDirection;
  perPage?: PerPage;
  page?: number;
}

export const PRIVACY_CODES: Record<Privacy, 0 | 1 | 2> = { public: 0, private: 1, password: 2 };

export interface StoreReportInput {
  url: string;
  /**
   * Always sent: the documentation says a report without one is public, the vendor's own
   * examples make it private, so the dashboard never leaves it to the service.
   */
  privacy: Privacy;
  password?: string;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string;
  /** Re-run the analysis (slow). */
  reanalyse?: boolean;
}
