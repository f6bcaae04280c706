/**
 * The one job queue (bulk actions, bulk create, export): the screens start jobs, the tray
 * (features/job-tray) shows them.
 */
export { JOB_STARTED_EVENT, jobTabs } from './job-events';
export { hasSavedJobs, savedJobsFootprint } from './job-store';
export {
  countItems,
  LIMITED_TRIES,
  type ItemStatus,
  estimateForItems,
  EXPORT_PAGE_SIZE,
  type ExistingReports,
  settledCount,
  type Job,
  type JobItem,
  type JobName,
  type JobSpec,
  roughDuration,
} from './job-model';
export { jobsCatalog } from './catalog';
export { describeDuration, itemReason, jobTitle } from './job-words';
export { connectionId, exportFile, getJobQueue, startJob, timeLeftMs } from './job-service';
