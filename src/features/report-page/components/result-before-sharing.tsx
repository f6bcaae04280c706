import { useEffect, useRef } from 'react';
import type { ReportId } from '../../../api';
import { laterKept, type PreviousResult } from '../../kept-results';
import { shareResultBefore, useSharedResultBefore, useTeamStatus, type SharedResultBefore } from '../../workspace';

/** The same run, kept at the same moment: a new reading of the document, not a new copy. */
const sameCopy = (a: SharedResultBefore | null, b: SharedResultBefore | null) =>
  a === b || (a !== null && b !== null && a.keptAt === b.keptAt && a.report.generatedAt === b.report.generatedAt);

/**
 * The report's results before its re-analysis, between this device and the team (decision 115):
 * the team's copy is handed to the page (which shows the later of the two real earlier runs), and
 * this device's, when later, is shared once the team is joined (a re-analysis started here, or one
 * kept before joining). A part loaded after the page's first paint: it brings the workspace's
 * code. Renders nothing.
 */
export function ResultBeforeSharing({
  id,
  kept,
  onTeamsCopy,
}: {
  id: ReportId;
  /**
   * What this device kept, only when it is an earlier run of the report on screen: while a
   * re-analysis is on its way it holds the current results, and a refused one puts back the
   * older (null: nothing to share).
   */
  kept: PreviousResult | null;
  /** Told the team's copy (null: none) for report `id`, each time it changes. */
  onTeamsCopy: (copy: { id: ReportId; result: SharedResultBefore | null }) => void;
}) {
  const shared = useSharedResultBefore(id);
  const team = useTeamStatus();
  // Offline still counts: what is written now reaches the team when the server is back.
  const joined = team.kind === 'joined' || team.kind === 'offline';

  // The document changes with every edit of the team (a note, a mark): the page hears of a new copy only.
  const told = useRef<SharedResultBefore | null | undefined>(undefined);
  useEffect(() => {
    if (told.current !== undefined && sameCopy(told.current, shared)) return;
    told.current = shared;
    onTeamsCopy({ id, result: shared });
  }, [id, shared, onTeamsCopy]);

  useEffect(() => {
    if (!joined || !kept || kept.report.id !== id) return;
    if (shared && laterKept(shared, kept) === shared) return;
    // A write that fails (the document closing with the account) is tried again on the next visit.
    shareResultBefore(kept).catch(() => undefined);
  }, [joined, kept, shared, id]);

  return null;
}
