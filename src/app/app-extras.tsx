import type { RefObject } from 'react';
import { JobTrayLauncher } from '../features/jobs';
import { KeyboardShortcuts } from '../features/shortcuts/keyboard-shortcuts';
import { NavigationKeeper } from './use-scroll-restoration';

/**
 * What every page has but the first rows do not need, in one file apart from the first paint
 * (one lazy part in the layout costs it less than three), rendered once the first data is on
 * screen (the layout waits for it):
 * - scroll positions and focus after navigations (a reload's position is restored once the rows
 *   it needs are there);
 * - the background jobs' launcher (bulk actions, bulk create, export): the tray and the queue
 *   load only once a job exists;
 * - the keyboard shortcuts and their help, `?` (docs/decisions/0036).
 */
export function AppExtras({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <>
      <NavigationKeeper main={main} />
      <JobTrayLauncher />
      <KeyboardShortcuts />
    </>
  );
}
