import { useEffect, useState } from 'react';
import { lazyPart } from '../../components/lazy-part';
import { hasSavedJobs, JOB_STARTED_EVENT, jobTabs } from '../jobs';

const JobTray = lazyPart(async () => (await import('./job-tray')).JobTray);

/**
 * On every page, and nearly free: the tray's code (and the queue's) loads only when a job is
 * started in this tab or another, or saved jobs are found on the device (to resume them). It says
 * nothing itself: the tray's words (./catalog.ts) are fetched with the tray, not on every page.
 */
export function JobTrayLauncher() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let live = true;
    const want = () => setWanted(true);
    window.addEventListener(JOB_STARTED_EVENT, want);
    const otherTabs = jobTabs();
    otherTabs?.listen(want);
    void hasSavedJobs().then((found) => {
      if (found && live) want();
    });
    return () => {
      live = false;
      window.removeEventListener(JOB_STARTED_EVENT, want);
      otherTabs?.close();
    };
  }, []);
  return wanted ? <JobTray /> : null;
}
