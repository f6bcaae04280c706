import { useMemo, useState } from 'react';
import { useReadSnapshots, type ProjectSnapshot } from '../audit';
import { useWorkspace, type Workspace } from '../workspace';
import { needsAttention, type Attention } from './attention';

export interface AttentionState {
  /** Until the device has answered for the audit's projects and the workspace. */
  loading: boolean;
  attention: Attention | null;
  snapshots: ProjectSnapshot[];
  workspace: Workspace;
}

/** Needs attention over every project read on this device, following every tab's marks. */
export function useAttention(): AttentionState {
  const { loading, snapshots } = useReadSnapshots(undefined);
  const { loaded, workspace } = useWorkspace();
  // When the page opened: the first look back is measured from it (a later mark counts as then).
  const [now] = useState(() => Date.now());
  const attention = useMemo(() => {
    if (loading || !loaded) return null;
    performance.mark?.('attention: start');
    const computed = needsAttention(snapshots, workspace, now);
    performance.measure?.('attention: compute', 'attention: start');
    return computed;
  }, [loading, loaded, snapshots, workspace, now]);
  return { loading: loading || !loaded, attention, snapshots, workspace };
}
