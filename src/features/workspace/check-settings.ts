import * as v from 'valibot';
import type { Importance } from '../../api';
import { IsoTime, listOf, readOr } from '../../lib/schema';

/**
 * What the analyst knows and the service does not: checks switched off for a project ("not
 * relevant here") and failing checks accepted on one page, each with the analyst's words. And the
 * dashboard's estimate of a score from the checks that still count (decision 78). Pure: the
 * screens, the change report and the client report build on these functions.
 */

/** A check switched off for the whole project. */
export interface CheckOff {
  check: string;
  /** Why, in the analyst's words; '' when none was given. */
  reason: string;
  /** When it was switched off (ISO). */
  at: string;
}

/** A failing check accepted on one page. */
export interface PageAccepted {
  check: string;
  /** The page as the audit keys it (`pageKey` of features/audit): no scheme, no `www.`. */
  page: string;
  note: string;
  at: string;
}

export interface CheckSettings {
  off: CheckOff[];
  accepted: PageAccepted[];
}

export const NO_CHECK_SETTINGS: CheckSettings = { off: [], accepted: [] };

export const REASON_MAX_LENGTH = 280;
/** Bounds, so that a hostile or runaway record cannot grow without end. */
const MAX_OFF = 200;
const MAX_ACCEPTED = 5_000;
const MAX_CHECK = 200;
const MAX_PAGE = 2_000;

const isCheckName = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_CHECK;
const words = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, REASON_MAX_LENGTH) : '');
/** A stored entry without a readable date is kept, dated at the start of the epoch: it still applies. */
const UNDATED = new Date(0).toISOString();

const CheckNameSchema = v.pipe(
  v.string(),
  v.check((name: string) => isCheckName(name)),
);
const WordsSchema = v.fallback(
  v.pipe(
    v.string(),
    v.transform((value: string) => words(value)),
  ),
  '',
);
const AtSchema = v.fallback(IsoTime, UNDATED);

const CheckOffSchema: v.GenericSchema<unknown, CheckOff> = v.object({
  check: CheckNameSchema,
  reason: WordsSchema,
  at: AtSchema,
});

const PageAcceptedSchema: v.GenericSchema<unknown, PageAccepted> = v.object({
  check: CheckNameSchema,
  page: v.pipe(
    v.string(),
    v.check((page: string) => page !== '' && page.length <= MAX_PAGE),
  ),
  note: WordsSchema,
  at: AtSchema,
});

const acceptanceKey = (check: string, page: string) => JSON.stringify([check, page]);

/** Whatever is stored becomes valid settings: what cannot be read is left out, entry by entry. */
export const CheckSettingsSchema: v.GenericSchema<unknown, CheckSettings> = v.fallback(
  v.object({
    off: listOf(CheckOffSchema, { read: MAX_OFF, keysOf: (entry) => [entry.check] }),
    accepted: listOf(PageAcceptedSchema, {
      read: MAX_ACCEPTED,
      keysOf: (entry) => [acceptanceKey(entry.check, entry.page)],
    }),
  }),
  () => ({ off: [], accepted: [] }),
);

export const parseCheckSettings = (stored: unknown): CheckSettings => v.parse(CheckSettingsSchema, stored);

/** One stored switch-off or acceptance (a piece of the workspace), or null when it cannot be read. */
export const parseCheckOff = (stored: unknown): CheckOff | null => readOr(CheckOffSchema, stored, null);
export const parsePageAccepted = (stored: unknown): PageAccepted | null => readOr(PageAcceptedSchema, stored, null);

/** Whether the analyst has set anything aside in these settings. */
export const hasSetAside = (settings: CheckSettings) => settings.off.length > 0 || settings.accepted.length > 0;

/** The switch-off of `check`, if it is off for the project. */
export const offEntryOf = (settings: CheckSettings, check: string) =>
  settings.off.find((entry) => entry.check === check);

/** The acceptance of `check` on `page` (a pageKey), if accepted there. */
export const acceptanceOf = (settings: CheckSettings, check: string, page: string) =>
  settings.accepted.find((entry) => entry.check === check && entry.page === page);

/**
 * How a settings object answers "does this check count on this page?", built once for a whole
 * project (a 1,000-page project asks tens of thousands of times).
 */
export interface SetAside {
  /** Off for the whole project. */
  isOff(check: string): boolean;
  /** Off, or accepted on this page (a pageKey). */
  isSetAside(check: string, page: string): boolean;
}

export function setAsideOf(settings: CheckSettings): SetAside {
  const off = new Set(settings.off.map((entry) => entry.check));
  const accepted = new Set(settings.accepted.map((entry) => acceptanceKey(entry.check, entry.page)));
  return {
    isOff: (check) => off.has(check),
    isSetAside: (check, page) => off.has(check) || accepted.has(acceptanceKey(check, page)),
  };
}

// ---------------------------------------------------------------------------------------------
// The adjusted score

/** One check of a run, as far as a score needs it. */
export interface ScoredCheck {
  name: string;
  importance: Importance | null;
  /** null: an outcome the dashboard cannot read. */
  passed: boolean | null;
}

/**
 * The service's default weights (api-v1-observed.md). An administrator can change them and the
 * API does not say so: the estimate uses the defaults, which is why it is labelled an estimate.
 */
export const DEFAULT_SCORE_WEIGHTS: Readonly<Record<Importance, number>> = { high: 10, medium: 5, low: 0 };
/**
 * A check whose importance the service did not state (or stated in a word it does not document)
 * has no default weight: it weighs nothing, as a low one. It can neither raise nor lower the
 * estimate on a guess (decision 78).
 */
export const UNSTATED_IMPORTANCE_WEIGHT = 0;

export const scoreWeightOf = (importance: Importance | null) =>
  importance === null ? UNSTATED_IMPORTANCE_WEIGHT : DEFAULT_SCORE_WEIGHTS[importance];

/**
 * The dashboard's estimate of a run's score from the checks that still count: the weighted share
 * of those that passed (0–100, rounded as the service rounds), with the default weights and the
 * importance this run gave each check. Any check name counts, known to the dashboard or not. A
 * check of an outcome we cannot read, or named twice, is counted once at most and never as
 * passed or failed. Null when no weighed check is left to count.
 */
export function adjustedScore(checks: readonly ScoredCheck[], counts: (check: string) => boolean): number | null {
  let total = 0;
  let passed = 0;
  const seen = new Set<string>();
  for (const check of checks) {
    if (seen.has(check.name)) continue;
    seen.add(check.name);
    if (check.passed === null || !counts(check.name)) continue;
    const weight = scoreWeightOf(check.importance);
    total += weight;
    if (check.passed) passed += weight;
  }
  return total > 0 ? Math.round((passed / total) * 100) : null;
}

/** A page for the adjusted health: its key (pageKey) and its latest run's checks, or null when unknown. */
export interface PageChecks {
  page: string;
  checks: readonly ScoredCheck[] | null;
}

export interface AdjustedHealth {
  /** The average of the pages' adjusted scores; null when no page has one. */
  average: number | null;
  /** Pages with an adjusted score (the average's pages). */
  scored: number;
  /** Pages whose checks are not known here (read before they were kept), left out. */
  unknown: number;
  /** Pages with no weighed check left to count, left out. */
  nothingToCount: number;
}

/** A project's adjusted health: the average of its pages' adjusted scores, as the service's health averages its scores. */
export function adjustedHealth(pages: readonly PageChecks[], settings: CheckSettings): AdjustedHealth {
  const setAside = setAsideOf(settings);
  let sum = 0;
  let scored = 0;
  let unknown = 0;
  let nothingToCount = 0;
  for (const { page, checks } of pages) {
    if (checks === null) {
      unknown += 1;
      continue;
    }
    const score = adjustedScore(checks, (check) => !setAside.isSetAside(check, page));
    if (score === null) nothingToCount += 1;
    else {
      sum += score;
      scored += 1;
    }
  }
  return { average: scored > 0 ? sum / scored : null, scored, unknown, nothingToCount };
}

// ---------------------------------------------------------------------------------------------
// Changes to the settings (on a draft given by the store)

/** Switches `check` off (or changes its reason). */
export function switchOff(settings: CheckSettings, check: string, reason: string, at: Date): void {
  if (!isCheckName(check)) return;
  const entry = { check, reason: words(reason), at: at.toISOString() };
  const index = settings.off.findIndex((candidate) => candidate.check === check);
  if (index >= 0) settings.off[index] = entry;
  else if (settings.off.length < MAX_OFF) settings.off.push(entry);
}

export function switchOn(settings: CheckSettings, check: string): void {
  settings.off = settings.off.filter((entry) => entry.check !== check);
}

/** Accepts `check` failing on `page` (a pageKey), with a note (or changes the note). */
export function accept(settings: CheckSettings, check: string, page: string, note: string, at: Date): void {
  if (!isCheckName(check) || page === '' || page.length > MAX_PAGE) return;
  const entry = { check, page, note: words(note), at: at.toISOString() };
  const index = settings.accepted.findIndex((candidate) => candidate.check === check && candidate.page === page);
  if (index >= 0) settings.accepted[index] = entry;
  else if (settings.accepted.length < MAX_ACCEPTED) settings.accepted.push(entry);
}

export function unaccept(settings: CheckSettings, check: string, page: string): void {
  settings.accepted = settings.accepted.filter((entry) => !(entry.check === check && entry.page === page));
}
