import { useMemo } from 'react';
import * as v from 'valibot';
import type { Check, Report, ReportId } from '../../api';
import { IsoTime, readOr } from '../../lib/schema';
import { useStoredEdits } from './history';
import { keyOf } from './pieces';
import { laterKept } from '../kept-results';
import { valueOf, type Edit } from './registers';
import { workspaceStore } from './store';

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

/** Bounds, so that a hostile or broken peer cannot make a report page slow or unreadable. */
const MAX_TEXT = 2_000;
const MAX_CHECKS = 300;
const MAX_CHECK_BYTES = 20_000;

const Text = v.pipe(v.string(), v.maxLength(MAX_TEXT));
const OrNull = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.nullable(schema), null);
const Time = OrNull(IsoTime);

/** A check as the dashboard keeps it; its value and errors as the service sent them, within a size. */
const CheckSchema: v.GenericSchema<unknown, Check> = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    passed: OrNull(v.boolean()),
    importance: OrNull(v.picklist(['high', 'medium', 'low'])),
    value: v.unknown(),
    errors: v.fallback(v.record(v.string(), v.unknown()), {}),
  }),
  v.check((check) => JSON.stringify(check).length <= MAX_CHECK_BYTES),
);

const ReportSchema: v.GenericSchema<unknown, Report> = v.object({
  id: v.pipe(Text, v.minLength(1)),
  url: Text,
  project: Text,
  score: OrNull(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  rating: OrNull(v.picklist(['good', 'decent', 'bad'])),
  checks: v.pipe(v.array(CheckSchema), v.maxLength(MAX_CHECKS)),
  privacy: v.fallback(v.picklist(['public', 'private', 'password']), 'public'),
  hasPassword: v.fallback(v.boolean(), false),
  generatedAt: Time,
  createdAt: Time,
  updatedAt: Time,
});

const SharedResultBeforeSchema: v.GenericSchema<unknown, SharedResultBefore> = v.object({
  report: ReportSchema,
  keptAt: IsoTime,
});

const pieceOf = (id: ReportId) => keyOf(['before', id]);

type StoredEdits = ReadonlyMap<string, readonly Edit[]>;

/**
 * The team's results of report `id` before its re-analysis, read through their schema (what a
 * peer sent is checked as what this device wrote); null when there are none, or they cannot be
 * read, or they are another report's. Two devices that shared at once both left an edit (until the
 * next write keeps one): the later kept is the one, whichever device's clock wrote last.
 */
export function readSharedResultBefore(stored: StoredEdits, id: ReportId): SharedResultBefore | null {
  const edits = stored.get(pieceOf(id)) ?? [];
  // A removal, the latest edit, leaves none.
  if (valueOf(edits) === undefined) return null;
  let latest: SharedResultBefore | null = null;
  for (const { value } of edits) {
    const read = readOr(SharedResultBeforeSchema, value, null);
    if (read && read.report.id === id) latest = laterKept(latest, read) ?? null;
  }
  return latest;
}

/** The team's results of report `id` before its re-analysis, following every tab and the team. */
export function useSharedResultBefore(id: ReportId): SharedResultBefore | null {
  const stored = useStoredEdits();
  return useMemo(() => readSharedResultBefore(stored, id), [stored, id]);
}

/**
 * Shares a report's results before its re-analysis with the team, unless the team's are as late
 * or later when the write comes (another tab, or a colleague's that arrived meanwhile).
 */
export function shareResultBefore(result: SharedResultBefore): Promise<void> {
  return workspaceStore().changePieces((stored) => {
    const team = readSharedResultBefore(stored, result.report.id);
    return team && laterKept(result, team) === team ? [] : [[pieceOf(result.report.id), result]];
  });
}
