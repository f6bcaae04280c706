/**
 * The one signal the always-present tray launcher listens for: a job was started in this tab.
 * Kept apart from the queue so that the launcher loads none of the queue's code until then.
 */
export const JOB_STARTED_EVENT = 'seo-dashboard:job-started';

export function announceJobStarted(): void {
  window.dispatchEvent(new Event(JOB_STARTED_EVENT));
}

/**
 * Where tabs tell each other that a job changed: a ping on a channel of the jobs' own, after the
 * job's record on the device was written, which is what the other tabs then read. So a tab shows
 * a job another tab runs (a plan's run started by whichever tab claimed it), and the always-present
 * launcher loads the tray when one starts anywhere.
 */
export const JOBS_CHANNEL = 'seo-dashboard.jobs';

export interface JobTabs {
  /** Tells the other tabs that a job's record changed. */
  announce(): void;
  /** Calls back when another tab says a job's record changed; returns the way to stop. */
  listen(changed: () => void): () => void;
  close(): void;
}

/** Over BroadcastChannel; null where there is none (each tab then sees only its own jobs). */
export function jobTabs(): JobTabs | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  return {
    announce: () => channel.postMessage('changed'),
    listen: (changed) => {
      channel.addEventListener('message', changed);
      return () => channel.removeEventListener('message', changed);
    },
    close: () => channel.close(),
  };
}
