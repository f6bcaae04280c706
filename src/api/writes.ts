import { canBeAddressed } from '../lib/paths';
import { invalid, objectAt, readReportEnvelope } from './parsers';
import type { CallOptions } from './reports';
import { ANALYSIS_TIMEOUT_MS } from './request';
import { send } from './transport';
import {
  PRIVACY_CODES,
  type Report,
  type ReportId,
  type StoreReportInput,
  type UpdateReportInput,
} from '../lib/service-types';

/**
 * The v1 service's writes, one function per operation. Only routes that write use them, through
 * ./write-outcomes.ts (which settles a write whose answer was lost), so this module is imported
 * directly, never re-exported by the api barrel: the barrel's modules are in the first paint of
 * /reports, and so would be anything they export (docs/decisions/0027).
 */

export async function storeReport(input: StoreReportInput, { signal }: CallOptions = {}): Promise<Report> {
  return send({
    method: 'POST',
    path: ['reports'],
    form: {
      url: input.url,
      privacy: PRIVACY_CODES[input.privacy],
      password: input.password,
    },
    parse: readReportEnvelope,
    signal,
    timeoutMs: ANALYSIS_TIMEOUT_MS,
  });
}

export async function updateReport(
  id: ReportId,
  input: UpdateReportInput,
  { signal }: CallOptions = {},
): Promise<Report> {
  return send({
    method: 'PATCH',
    path: ['reports', id],
    form: {
      privacy: input.privacy === undefined ? undefined : PRIVACY_CODES[input.privacy],
      password: input.password,
      results: input.reanalyse === undefined ? undefined : input.reanalyse ? 1 : 0,
    },
    parse: readReportEnvelope,
    signal,
    timeoutMs: input.reanalyse ? ANALYSIS_TIMEOUT_MS : undefined,
  });
}

export async function deleteReport(id: ReportId, { signal }: CallOptions = {}): Promise<void> {
  await send({ method: 'DELETE', path: ['reports', id], parse: readDeleted, signal });
}

const DELETED: readonly unknown[] = [true, 1, '1', 'true'];

/**
 * A delete is confirmed by `deleted: true` (seen), or by an empty answer (a 204 from some
 * proxy setups). Anything else with a 200, such as a maintenance page's JSON, is not a delete.
 */
export function readDeleted(value: unknown): void {
  if (value === null) return;
  const body = objectAt(value, '');
  if (!DELETED.includes(body.deleted)) invalid('deleted', 'true');
  const id = body.id;
  if (id !== undefined && typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id)))
    invalid('id', 'an id');
}

/** Deletes every report of the project's host. */
export async function deleteProject(name: string, { signal }: CallOptions = {}): Promise<void> {
  // "." and ".." would be resolved as path steps by the URL parser: DELETE /api/v1/projects/..
  // would go to /api/v1/. Refused before anything is sent (the UI explains; see lib/paths.ts).
  if (!canBeAddressed(name)) {
    throw new Error(`A project named "${name}" cannot be addressed in a URL; nothing was sent.`);
  }
  await send({ method: 'DELETE', path: ['projects', name], parse: readDeleted, signal });
}
