import type { Report } from '../../api';
import { isUnknownOutcome, type WriteResult } from '../../api/write-outcomes';
import { getConnection } from '../connection';
import { previousResults } from '../kept-results';
import { shareResultBeforeWithTeam } from '../workspace';

/**
 * A job's re-analysis keeps the results it replaces, as a report's page does
 * (features/report-page/components/reanalysis.tsx): the service overwrites them in place, so
 * what this device kept is the only "before" there is. Once the page has really been analysed
 * again, the kept results go to the team, when this account has one on this device (decision
 * 115): a colleague who opens the report sees what changed, though no report page showed it here.
 *
 * `before`: the report as the job found it. Loaded with a job's first re-analysis that knows it
 * (./job-runners.ts): the workspace's code is not the queue's.
 */
export async function keepingResultsBefore(
  before: Report,
  reanalyse: () => Promise<WriteResult<Report>>,
): Promise<WriteResult<Report>> {
  const connection = getConnection();
  // Kept before the request goes. What was kept earlier comes back if this one is refused.
  const older = await previousResults.keep(connection, before);
  let result: WriteResult<Report>;
  try {
    result = await reanalyse();
  } catch (error) {
    // Not analysed again (refused, or read back unchanged): the earlier "before" still holds. An
    // unknown outcome may have happened: what was kept stays.
    if (!isUnknownOutcome(error)) await previousResults.restore(connection, before.id, older);
    throw error;
  }
  if (result.value.generatedAt === before.generatedAt) return result;
  // To the team (the workspace's code is in every page after its first data: the shell's parts).
  const share = async () => {
    const kept = await previousResults.read(connection, before.id);
    if (kept?.report.generatedAt !== before.generatedAt) return; // kept over since, by another re-analysis
    await shareResultBeforeWithTeam(kept);
  };
  // A write that fails (the document closing with the account): the report's page shares it when
  // it is next opened here (ResultBeforeSharing).
  share().catch(() => undefined);
  return result;
}
