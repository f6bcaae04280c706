/**
 * The background jobs' tray, on every page: the shell shows the launcher, which loads the tray
 * (and the job queue's code) only once a job exists in this tab or on this device.
 */
export { JobTrayLauncher } from './job-tray-launcher';
export { JobItems } from './job-items';
