/**
 * The audit's data: reading projects, keeping them on this device, aggregating them. No UI of
 * other features and no import of them: the reports, projects and overview features build on it.
 */
export type { AuditIssue, AuditSummary, PassedChecks, ProjectAudit, ProjectSnapshot, ReadReport } from './types';
export {
  affectedPages,
  aggregateProjectAudit,
  checksOfRun,
  commonIssues,
  latestRunPerUrl,
  runInSlices,
  runToEnd,
  STALE_AFTER_DAYS,
  type CommonIssue,
} from './aggregate';
export {
  hasLocalFilters,
  parseLocalFilters,
  queryLocalReports,
  withLocalFilters,
  LOCAL_FILTER_PARAMS,
  type LocalFilters,
} from './local-list';
export { READ_PAGE_SIZE, type ReadProgress } from './read-project';
export type { ReportWrite } from './report-writes';
export {
  applyReportWrite,
  AUTO_READ_MAX_REPORTS,
  forgetProject,
  isAuditOnItsWay,
  isDeviceStoreAvailable,
  type ProjectAuditState,
  type ReadState,
} from './project-reader';
export { useAuditSummaries, useProjectAudit, useReadSnapshots, type ProjectAuditHandle } from './hooks';
export {
  addDays,
  compareStates,
  compareStatesSteps,
  dayOf,
  endOfDay,
  healthGrouping,
  healthOf,
  healthOverTime,
  healthOverTimeSteps,
  pageKey,
  pagesWithChecks,
  runDays,
  runTime,
  startOfDay,
  stateAt,
  stateAtSteps,
  RUN_DAYS_SHOWN_ONE_BY_ONE,
  type CheckChange,
  type Health,
  type HealthGrouping,
  type HealthPoint,
  type PageChange,
  type SiteState,
  type StateComparison,
} from './history';
/** A period as a person picks it (the change report's, the client report's) and a day in words. */
export { defaultRange, rangeSearch, readChangeRange, DEFAULT_RANGE_DAYS, type ChangeRange } from './change-range';
export { dayLabel } from './day-label';
export { keepOnlyDataOf as forgetOtherAccounts } from './device-store';
