import type { RefObject } from 'react';
import { JobTrayLauncher } from '../features/reports/jobs/job-tray-launcher';
import { KeyboardShortcuts } from '../features/shortcuts/keyboard-shortcuts';
import { NavigationKeeper } from './use-scroll-restoration';

/**
 * What every page has but the first rows do not need, in one file loaded once they are on
 * screen (one lazy part in the layout costs the first paint less than three):
 * - scroll positions and focus after navigations (a reload's position is restored then);
 * - the background jobs' launcher (bulk actions, bulk create, export): the tray and the queue
 *   load only once a job exists;
 * - the keyboard shortcuts and their help, `?` (docs/decisions/0036).
 */
export function AfterFirstRows({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <>
      <NavigationKeeper main={main} />
      <JobTrayLauncher />
      <KeyboardShortcuts />
    </>
  );
}
