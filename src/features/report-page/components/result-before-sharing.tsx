import { useEffect } from 'react';
import type { ReportId } from '../../../api';
import { laterKept, type PreviousResult } from '../../kept-results';
import { shareResultBefore, useSharedResultBefore, useTeamStatus, type SharedResultBefore } from '../../workspace';

/**
 * The report's results before its re-analysis, between this device and the team (decision 115):
 * the team's copy is handed to the page (which shows the newer of the two), and this device's,
 * when newer, is shared once the team is joined (a re-analysis started here, or one kept before
 * joining). A part loaded after the page's first paint: it brings the workspace's code. Renders
 * nothing.
 */
export function ResultBeforeSharing({
  id,
  kept,
  onShared,
}: {
  id: ReportId;
  /** What this device kept (undefined while it is read). */
  kept: PreviousResult | null | undefined;
  /** Told the team's (null: none) for report `id`. */
  onShared: (shared: { id: ReportId; result: SharedResultBefore | null }) => void;
}) {
  const shared = useSharedResultBefore(id);
  const team = useTeamStatus();
  // Offline or reconnecting still counts: what is written now reaches the team when it is back.
  const joined = team.kind === 'joined' || team.kind === 'offline' || team.kind === 'connecting';

  useEffect(() => onShared({ id, result: shared }), [id, shared, onShared]);

  useEffect(() => {
    if (!joined || !kept || kept.report.id !== id) return;
    if (shared && laterKept(shared, kept) === shared) return;
    // A write that fails (the document closing with the account) is tried again on the next visit.
    shareResultBefore(kept).catch(() => undefined);
  }, [joined, kept, shared, id]);

  return null;
}
