import type { RefObject } from 'react';
import { JobTrayLauncher } from '../features/reports/jobs/job-tray-launcher';
import { KeyboardShortcuts } from '../features/shortcuts/keyboard-shortcuts';
import { NavigationKeeper } from './use-scroll-restoration';

/**
 * What every page has but the first rows do not need, in one file apart from the first paint
 * (one lazy part in the layout costs it less than three), loaded with the first render:
 * - scroll positions and focus after navigations, once the first rows are on screen
 *   (`rowsShown`: a reload's position is restored then);
 * - the background jobs' launcher (bulk actions, bulk create, export): the tray and the queue
 *   load only once a job exists;
 * - the keyboard shortcuts and their help, `?` (docs/decisions/0036).
 */
export function AppExtras({ main, rowsShown }: { main: RefObject<HTMLElement | null>; rowsShown: boolean }) {
  return (
    <>
      {rowsShown ? <NavigationKeeper main={main} /> : null}
      <JobTrayLauncher />
      <KeyboardShortcuts />
    </>
  );
}
