import { useLingui } from '@lingui/react/macro';
import { useWorkspaceMove } from '../workspace';

/**
 * Says when part of what the earlier version kept on this device could not be moved into this
 * version's workspace: it stays where it was, and the move is tried again at the next start.
 */
export function MovedNotice() {
  const { t } = useLingui();
  const move = useWorkspaceMove();
  if (move?.kind !== 'failed') return null;
  // The workspace's own words for what went wrong (features/workspace/old-record.ts).
  const { problem } = move;
  return (
    <p className="notice notice--error" role="status">
      {t`Part of what the earlier version kept on this device could not be moved into this version: ${problem}. It stays where it was, and the move is tried again the next time the dashboard starts.`}
    </p>
  );
}
