import { startTransition, useEffect, useState } from 'react';
import { runInSlices, useReadSnapshots, type ProjectSnapshot } from '../audit';
import { useWorkspace, type Workspace } from '../workspace';
import { attentionSteps, type Attention } from './attention';

export interface AttentionState {
  /** Until the device has answered for the audit's projects and the workspace. */
  loading: boolean;
  /** Null until it is worked out for what the device answered. */
  attention: Attention | null;
  /** The device has answered that it holds no project read: nothing to work out, whatever the marks. */
  noneRead: boolean;
  snapshots: ProjectSnapshot[];
  workspace: Workspace;
}

/**
 * Needs attention over every project read on this device, following every tab's marks. Worked
 * out in slices after the render, not in it: ten projects of thousands of runs would block the
 * page. Until a change is worked out, the list it replaces stays.
 */
export function useAttention(): AttentionState {
  const { loading, snapshots } = useReadSnapshots(undefined);
  const { loaded, workspace } = useWorkspace({ now: true });
  // When the page opened: the first look back is measured from it (a later mark counts as then).
  const [now] = useState(() => Date.now());
  const [attention, setAttention] = useState<Attention | null>(null);
  const ready = !loading && loaded;
  useEffect(() => {
    if (!ready) return;
    const stop = new AbortController();
    runInSlices(attentionSteps(snapshots, workspace, now), { signal: stop.signal, measure: 'attention: compute' }).then(
      // A transition: React renders a long list in slices too.
      (worked) => startTransition(() => setAttention(worked)),
      // Stopped: a newer state of the projects or the workspace is being worked out.
      () => undefined,
    );
    return () => stop.abort();
  }, [ready, snapshots, workspace, now]);
  return {
    loading: !ready,
    attention: ready ? attention : null,
    noneRead: !loading && snapshots.length === 0,
    snapshots,
    workspace,
  };
}
