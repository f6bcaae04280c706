import { useWorkspaceMove } from '../workspace';

/**
 * Says when part of what the earlier version kept on this device could not be moved into this
 * version's workspace: it stays where it was, and the move is tried again at the next start.
 */
export function MovedNotice() {
  const move = useWorkspaceMove();
  if (move?.kind !== 'failed') return null;
  return (
    <p className="notice notice--error" role="status">
      Part of what the earlier version kept on this device could not be moved into this version: {move.problem}. It
      stays where it was, and the move is tried again the next time the dashboard starts.
    </p>
  );
}
