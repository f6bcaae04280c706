/**
 * The audit's data: reading projects, keeping them on this device, aggregating them. No UI of
 * other features and no import of them: the reports, projects and overview features build on it.
 */
export type { AuditIssue, ProjectAudit, ProjectSnapshot, ReadReport } from './types';
export {
  affectedPages,
  aggregateProjectAudit,
  commonIssues,
  latestRunPerUrl,
  runInSlices,
  runToEnd,
  STALE_AFTER_DAYS,
} from './aggregate';
export { parseLocalFilters, queryLocalReports, withLocalFilters, type LocalFilters } from './local-list';
export { READ_PAGE_SIZE, type ReadProgress } from './read-project';
export type { ReportWrite } from './report-writes';
export { applyReportWrite, forgetProject, isDeviceStoreAvailable, refreshSummaries } from './project-reader';
export {
  useAuditOnItsWay,
  useAuditSummaries,
  useProjectAudit,
  useProjectAuditPart,
  useReadSnapshots,
  type ProjectAuditHandle,
} from './hooks';
export {
  compareStates,
  compareStatesSteps,
  dayOf,
  endOfDay,
  healthGrouping,
  healthOverTime,
  healthOverTimeSteps,
  pageKey,
  pagesWithChecks,
  runDays,
  startOfDay,
  stateAt,
  stateAtSteps,
  type CheckChange,
  type Health,
  type HealthPoint,
  type PageChange,
  type StateComparison,
} from './history';
/** A period as a person picks it (the change report's, the client report's) and a day in words. */
export { defaultRange, rangeSearch, readChangeRange, DEFAULT_RANGE_DAYS } from './change-range';
export { keepOnlyDataOf as forgetOtherAccounts } from './device-store';
/** The kept reads as a whole: the settings page's figures and retention rules (features/kept-on-device). */
export { countKeptAudits, deleteKeptAudits, listKeptAudits, type KeptAudit } from './device-store';
/**
 * A fresh device reads the account's projects in the background (docs/decisions/0105): the
 * overview starts it and shows it. What it knows first is the marker; the reader's code loads only
 * where a read is wanted.
 */
export { canReadAccount, noteProjectsRead, readAccountMarker } from './account-read-marker';
export const loadAccountRead = () => import('./read-account');
export type { AccountRead, AccountReadOptions, AccountReadProgress } from './read-account';
