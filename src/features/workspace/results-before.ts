import { useMemo } from 'react';
import * as v from 'valibot';
import type { Check, Report, ReportId } from '../../api';
import { IsoTime, readOr } from '../../lib/schema';
import { useStoredEdits } from './history';
import { keyOf } from './pieces';
import { sizeOf } from '../device-storage';
import { laterKept } from '../kept-results';
import { isResultBefore, valueOf, type StoredEdits } from './registers';
import { workspaceStore } from './store';
import { teamIsSet } from './team';

/**
 * The results a page had before its last re-analysis, shared with the team (decision 115): the
 * service overwrites them in place, so the device that started the re-analysis holds the only
 * "before" there is; once joined, it is a piece of the workspace (`["before", report id]`) that
 * every analyst of the account reads. The device's own store (features/kept-results) stays the
 * cache its retention rules govern; this is the team's copy, one per report (the register keeps no
 * earlier ones: each is a whole report).
 */

/** What the team shares of a report before its re-analysis: as features/kept-results keeps it. */
export interface SharedResultBefore {
  report: Report;
  /** When the re-analysis that replaced these results was started (ISO). */
  keptAt: string;
}

/**
 * One bound on the whole, so that a hostile or broken peer cannot make a report page slow, and a
 * copy stays well within a sync message (2 MiB): a real report is a few kB, a page with long
 * values some tens; one over it is not shared, and stays this device's.
 */
const MAX_RESULT_BYTES = 500_000;
const MAX_CHECKS = 500;

const OrNull = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.nullable(schema), null);
const Time = OrNull(IsoTime);

/** A check as the dashboard keeps it; its value and errors as the service sent them. */
const CheckSchema: v.GenericSchema<unknown, Check> = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  passed: OrNull(v.boolean()),
  importance: OrNull(v.picklist(['high', 'medium', 'low'])),
  value: v.unknown(),
  errors: v.fallback(v.record(v.string(), v.unknown()), {}),
});

const ReportSchema: v.GenericSchema<unknown, Report> = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  url: v.string(),
  project: v.string(),
  score: OrNull(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  rating: OrNull(v.picklist(['good', 'decent', 'bad'])),
  checks: v.pipe(v.array(CheckSchema), v.maxLength(MAX_CHECKS)),
  privacy: v.fallback(v.picklist(['public', 'private', 'password']), 'public'),
  hasPassword: v.fallback(v.boolean(), false),
  generatedAt: Time,
  createdAt: Time,
  updatedAt: Time,
});

const SharedResultBeforeSchema: v.GenericSchema<unknown, SharedResultBefore> = v.pipe(
  v.unknown(),
  v.check((value) => sizeOf(value) <= MAX_RESULT_BYTES),
  v.object({ report: ReportSchema, keptAt: IsoTime }),
);

const readable = (value: unknown) => readOr(SharedResultBeforeSchema, value, null);

const pieceOf = (id: ReportId) => keyOf(['before', id]);

/**
 * The team's results of report `id` before its re-analysis, read through their schema (what a
 * peer sent is checked as what this device wrote); null when there are none, or they cannot be
 * read, or they are another report's. Two devices that shared at once both left an edit (until the
 * next write keeps one): the later (`laterKept`: by the service's run) is the one, whichever
 * device's clock wrote last.
 */
export function readSharedResultBefore(stored: StoredEdits, id: ReportId): SharedResultBefore | null {
  const edits = stored.get(pieceOf(id)) ?? [];
  // A removal, the latest edit, leaves none.
  if (valueOf(edits) === undefined) return null;
  let latest: SharedResultBefore | null = null;
  for (const { value } of edits) {
    const read = readable(value);
    if (read && read.report.id === id) latest = laterKept(latest, read);
  }
  return latest;
}

/** The team's results of report `id` before its re-analysis, following every tab and the team. */
export function useSharedResultBefore(id: ReportId): SharedResultBefore | null {
  const stored = useStoredEdits();
  return useMemo(() => readSharedResultBefore(stored, id), [stored, id]);
}

/**
 * How many reports' results the team keeps: a few kB each, so that they stay well within the
 * server's document limit (16 MiB), past which every change of the workspace would be refused.
 * Sharing one more removes the copies shared longest ago.
 */
export const MAX_SHARED_RESULTS = 1_000;

/**
 * What sharing `result` writes, given the stored edits as they are when the write comes: nothing
 * when the team's is as late or later (another tab's, or a colleague's that arrived meanwhile),
 * when the team's latest is in a shape this version cannot read (a newer version's: left to it),
 * or when this one could not be read back (too large). With it, the removal of the oldest copies
 * past MAX_SHARED_RESULTS.
 */
export function writesToShare(stored: StoredEdits, result: SharedResultBefore): [string, unknown][] {
  const piece = pieceOf(result.report.id);
  const latest = valueOf(stored.get(piece));
  if (readable(result) === null || (latest !== undefined && readable(latest) === null)) return [];
  const team = readSharedResultBefore(stored, result.report.id);
  if (team && laterKept(team, result) === team) return [];
  return [[piece, result], ...oldestPast(stored, piece).map((key): [string, unknown] => [key, null])];
}

/** The other reports' copies past the limit once one more is shared, those shared longest ago. */
function oldestPast(stored: StoredEdits, adding: string): string[] {
  const others: { key: string; at: number }[] = [];
  stored.forEach((edits, key) => {
    const last = edits.at(-1);
    if (key !== adding && isResultBefore(key) && last && last.value != null) others.push({ key, at: last.at });
  });
  const over = others.length + 1 - MAX_SHARED_RESULTS;
  return over > 0
    ? others
        .sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1))
        .slice(0, over)
        .map(({ key }) => key)
    : [];
}

/** Shares a report's results before its re-analysis with the team (see writesToShare). */
export function shareResultBefore(result: SharedResultBefore): Promise<void> {
  return workspaceStore().changePieces((stored) => writesToShare(stored, result));
}

/**
 * Shares an earlier run of a report of account `account` when that account, still the one open,
 * has a team on this device; alone, the device's own store is its home (decision 115). For
 * re-analyses that no report page shows (a job's), where no team status is at hand: a team set
 * but not joined now (offline, connecting, refused) gets it when its server takes the document.
 */
export async function shareResultBeforeWithTeam(result: SharedResultBefore, account: string): Promise<void> {
  if (await teamIsSet(account)) await shareResultBefore(result);
}
