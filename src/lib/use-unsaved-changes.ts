import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export interface UnsavedChanges {
  /** True while a navigation waits for the person's answer: show a confirmation then. */
  blocked: boolean;
  /** Leave anyway: the blocked navigation goes on. */
  proceed: () => void;
  /** Stay on the page. */
  stay: () => void;
  /** The next navigation is intended (e.g. after a delete): let it through without asking. */
  allowNextNavigation: () => void;
}

/**
 * Asks before unsaved changes are lost: in-app navigations are held by react-router's blocker
 * (the caller renders the question), and closing or reloading the tab gets the browser's own
 * prompt, the only thing a page may do there.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const bypass = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (bypass.current) {
        bypass.current = false;
        return false;
      }
      // Changing only the query or hash keeps the form on screen: nothing is lost.
      return dirty && currentLocation.pathname !== nextLocation.pathname;
    },
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    blocked: blocker.state === 'blocked',
    // Only a blocked navigation can go on or be called off: a second click, or one that comes
    // after the form stopped blocking (its save finished meanwhile), must not throw.
    proceed: () => {
      if (blocker.state === 'blocked') blocker.proceed();
    },
    stay: () => {
      if (blocker.state === 'blocked') blocker.reset();
    },
    allowNextNavigation: () => {
      bypass.current = true;
    },
  };
}
