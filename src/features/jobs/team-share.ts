import type { Report } from '../../api';
import { connectionIdOf } from '../../lib/connection-key';
import type { Connection } from '../connection';
import { previousResults } from '../kept-results';
import { shareResultBeforeWithTeam } from '../workspace';

/**
 * What a job's re-analysis kept of a report's results, to the team (decision 115), once the page
 * has been analysed again. Loaded then, with the workspace's code (Yjs): the queue, which every
 * page loads after its first data, does not carry it.
 */
export async function shareKeptBefore(connection: Connection, before: Report): Promise<void> {
  const kept = await previousResults.read(connection, before.id);
  // Kept over since (another re-analysis of the report), or put back: not this run.
  if (kept?.report.generatedAt !== before.generatedAt) return;
  await shareResultBeforeWithTeam(kept, connectionIdOf(connection));
}
