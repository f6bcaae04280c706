import * as v from 'valibot';
import { readOr } from '../../lib/schema';

/**
 * The retention rules for what the dashboard keeps that can be read again or let go: the kept
 * audits and the results before a re-analysis. Keep the newest runs of each page, and nothing
 * older than so many months. The rules are remembered on this device; nothing is removed by them
 * until the analyst has seen the preview (`planRetention`) and confirmed it.
 */
export interface RetentionRules {
  /** The newest runs of each page that stay. */
  keepRuns: number;
  /** What is older than this many months goes. */
  maxMonths: number;
}

export const RETENTION_LIMITS = {
  keepRuns: { min: 1, max: 100 },
  maxMonths: { min: 1, max: 120 },
} as const;

export const DEFAULT_RETENTION: RetentionRules = { keepRuns: 5, maxMonths: 12 };

/** Where the rules are remembered on this device. */
export const RETENTION_KEY = 'seo-dashboard.retention';

const ERRORS = {
  keepRuns: `Enter a whole number of runs from ${RETENTION_LIMITS.keepRuns.min} to ${RETENTION_LIMITS.keepRuns.max}.`,
  maxMonths: `Enter a whole number of months from ${RETENTION_LIMITS.maxMonths.min} to ${RETENTION_LIMITS.maxMonths.max}.`,
} as const;

const wholeNumber = (field: keyof RetentionRules) =>
  v.pipe(
    v.number(ERRORS[field]),
    v.integer(ERRORS[field]),
    v.minValue(RETENTION_LIMITS[field].min, ERRORS[field]),
    v.maxValue(RETENTION_LIMITS[field].max, ERRORS[field]),
  );

/** A number as typed into the form: digits only (no "1e2", no "2.5"), then in bounds. */
const typed = (field: keyof RetentionRules) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(ERRORS[field]),
    v.regex(/^\d{1,4}$/, ERRORS[field]),
    v.transform(Number),
    wholeNumber(field),
  );

const TYPED = { keepRuns: typed('keepRuns'), maxMonths: typed('maxMonths') };

/** What is wrong with what was typed for `field`, in words; null when it is a valid value. */
export function retentionError(field: keyof RetentionRules, text: string): string | null {
  const result = v.safeParse(TYPED[field], text);
  return result.success ? null : (result.issues[0]?.message ?? ERRORS[field]);
}

/** The rules from what was typed, once `retentionError` has nothing to say of either field. */
export function typedRetention(keepRuns: string, maxMonths: string): RetentionRules | null {
  const runs = v.safeParse(TYPED.keepRuns, keepRuns);
  const months = v.safeParse(TYPED.maxMonths, maxMonths);
  return runs.success && months.success ? { keepRuns: runs.output, maxMonths: months.output } : null;
}

/** The stored rules, field by field: one out of bounds or of another version falls back alone. */
const StoredRulesSchema = v.object({
  keepRuns: v.fallback(wholeNumber('keepRuns'), DEFAULT_RETENTION.keepRuns),
  maxMonths: v.fallback(wholeNumber('maxMonths'), DEFAULT_RETENTION.maxMonths),
});

export function loadRetentionRules(): RetentionRules {
  let stored: unknown;
  try {
    stored = JSON.parse(globalThis.localStorage?.getItem(RETENTION_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  return readOr(StoredRulesSchema, stored, DEFAULT_RETENTION);
}

export function saveRetentionRules(rules: RetentionRules): void {
  try {
    globalThis.localStorage?.setItem(RETENTION_KEY, JSON.stringify(rules));
  } catch {
    // Not remembered: the form shows the defaults next time.
  }
}

/** One thing kept that the rules may remove. */
export interface KeptItem<Ref = unknown> {
  /** The kind's id (./storage-kinds.ts). */
  kind: string;
  /** The page whose runs it is one of: the newest `keepRuns` of each page stay. */
  page: string;
  /** When it was kept or read (ISO): its age. */
  at: string;
  bytes: number;
  /** What its store needs to remove it, and to see that it is still the one previewed. */
  ref: Ref;
}

export interface RetentionPlan<Ref = unknown> {
  /** What would go, newest first within each page. */
  remove: KeptItem<Ref>[];
  bytes: number;
  /** How many would go, per kind id. */
  byKind: Record<string, number>;
}

/** The same moment `months` calendar months earlier, on the month's last day where it is shorter. */
export function monthsBefore(moment: number, months: number): number {
  const date = new Date(moment);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() - months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * What the rules would remove at `now`: of each page's items (per kind), those after its newest
 * `keepRuns`, and any kept before `maxMonths` months ago (one kept exactly then stays). An item
 * whose time cannot be read counts as the oldest of its page, but is never removed for its age.
 */
export function planRetention<Ref>(
  items: readonly KeptItem<Ref>[],
  rules: RetentionRules,
  now: number,
): RetentionPlan<Ref> {
  const cutoff = monthsBefore(now, rules.maxMonths);
  const pages = new Map<string, KeptItem<Ref>[]>();
  for (const item of items) {
    const key = `${item.kind}\n${item.page}`;
    const page = pages.get(key);
    if (page) page.push(item);
    else pages.set(key, [item]);
  }
  const timeOf = (item: KeptItem<Ref>) => {
    const time = Date.parse(item.at);
    return Number.isNaN(time) ? -Infinity : time;
  };
  const remove: KeptItem<Ref>[] = [];
  for (const page of pages.values()) {
    const newestFirst = [...page].sort((a, b) => timeOf(b) - timeOf(a));
    newestFirst.forEach((item, index) => {
      const time = timeOf(item);
      const tooOld = Number.isFinite(time) && time < cutoff;
      if (index >= rules.keepRuns || tooOld) remove.push(item);
    });
  }
  const byKind: Record<string, number> = {};
  for (const item of remove) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
  return { remove, bytes: remove.reduce((sum, item) => sum + item.bytes, 0), byKind };
}
