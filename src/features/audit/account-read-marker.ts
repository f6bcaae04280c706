import * as v from 'valibot';
import { isKeyRejected } from '../../api';
import { connectionIdOf } from '../../lib/connection-key';
import { getConnection } from '../connection';

/**
 * What this device noted of the background read of the account's projects (./read-account.ts,
 * docs/decisions/0105), for the connection in use: a small localStorage record, read by the
 * overview before that read's code loads (and before IndexedDB answers). "reading": a read is
 * under way here or was cut short by a reload (it resumes); "stopped": the person stopped it (it
 * stays stopped); "read": the device has read projects of this connection (nothing to load).
 * Apart from the reader so that a device that has read its projects never loads the reader.
 */

export const ACCOUNT_READ_KEY = 'seo-dashboard.account-read';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const ProgressSchema = v.object({ projects: Count, projectsRead: Count, reports: Count, reportsRead: Count });
const MarkerSchema = v.object({
  connection: v.pipe(v.string(), v.maxLength(2000)),
  state: v.picklist(['reading', 'stopped', 'read']),
  progress: v.optional(ProgressSchema),
});
export type AccountReadMarker = v.InferOutput<typeof MarkerSchema>;
/** How far a read got, as the marker keeps it (the figures only). */
export type MarkedProgress = v.InferOutput<typeof ProgressSchema>;

const thisConnection = () => connectionIdOf(getConnection());

/** The marker of the connection in use; null when there is none (or another account's, or garbage). */
export function readAccountMarker(raw?: string | null): AccountReadMarker | null {
  try {
    const text = raw === undefined ? localStorage.getItem(ACCOUNT_READ_KEY) : raw;
    if (!text) return null;
    const marker: unknown = JSON.parse(text);
    return v.is(MarkerSchema, marker) && marker.connection === thisConnection() ? marker : null;
  } catch {
    return null;
  }
}

export function writeAccountMarker(state: AccountReadMarker['state'], progress?: MarkedProgress | null): void {
  const marker: AccountReadMarker = { connection: thisConnection(), state };
  if (progress) {
    const { projects, projectsRead, reports, reportsRead } = progress;
    marker.progress = { projects, projectsRead, reports, reportsRead };
  }
  try {
    localStorage.setItem(ACCOUNT_READ_KEY, JSON.stringify(marker));
  } catch {
    // Storage refused: the read goes on, it only will not resume after a reload.
  }
}

/** Removes the marker (this connection's, or another account's left behind). */
export function removeAccountMarker(): void {
  try {
    localStorage.removeItem(ACCOUNT_READ_KEY);
  } catch {
    // Storage disabled: nothing kept, nothing to remove.
  }
}

/** The overview found projects read on this device: noted, unless a read is under way or stopped. */
export function noteProjectsRead(): void {
  if (readAccountMarker() === null) writeAccountMarker('read');
}

/** Only with a connection that can answer: the demo, or a service with a key it has not rejected. */
export function canReadAccount(): boolean {
  const connection = getConnection();
  return !isKeyRejected() && (connection.mode === 'demo' || connection.apiKey.trim() !== '');
}
