/**
 * The one signal the always-present tray launcher listens for: a job was started in this tab.
 * Kept apart from the queue so that the launcher loads none of the queue's code until then.
 */
export const JOB_STARTED_EVENT = 'seo-dashboard:job-started';

export function announceJobStarted(): void {
  window.dispatchEvent(new Event(JOB_STARTED_EVENT));
}
