// Shapes of the simulated service's own records. They mirror the JSON the real v1 service
// sends (see shared/spec/api-v1-observed.md), so a stored record can be answered as is.

export type Importance = 'high' | 'medium' | 'low';

/** Any JSON value: check values and error details come in many shapes. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface CheckResult {
  passed: boolean;
  importance: Importance;
  value: JsonValue;
  /** Present only on failed checks: error code → detail (e.g. `too_slow: { max: 2 }`). */
  errors?: Record<string, JsonValue>;
}

export type CheckResults = Record<string, CheckResult>;

export type Privacy = 0 | 1 | 2;

export type Rating = 'good' | 'decent' | 'bad';

export interface ReportRecord {
  id: number;
  url: string;
  project: string;
  /** The score, an integer 0-100. */
  result: number;
  results: CheckResults;
  privacy: Privacy;
  /** Whether a password is set; the password itself is never kept or sent. */
  password: boolean;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectRecord {
  project: string;
  reports: number;
  /** Sum of the reports' scores; the real service sends it as a numeric string. */
  result: string;
  created_at: string;
}
