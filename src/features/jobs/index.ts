/**
 * The one job queue (bulk actions, bulk create, export) and its tray: the shell shows the
 * launcher, the screens start jobs.
 */
export { JobTrayLauncher } from './job-tray-launcher';
export {
  describeDuration,
  estimateForItems,
  EXPORT_PAGE_SIZE,
  type ExistingReports,
  type Job,
  type JobItem,
  type JobSpec,
} from './job-model';
export { getJobQueue, startJob } from './job-service';
export { JobItems } from './job-tray';
