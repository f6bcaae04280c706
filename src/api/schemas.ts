import * as z from 'zod/mini';
import { ratingFromScore } from '../lib/rating';
import type { Check, Importance, Privacy, Project, Rating, Report, Page } from './types';

/**
 * zod schemas for what the service sends, tolerant of every variant recorded in
 * shared/spec/api-v1-observed.md, transforming into the app's own types in ./types.
 * Nothing past this file sees raw JSON.
 */

// zod/mini: the same schemas as zod's chained API, written as functions so that only what is
// used reaches the bundle (see docs/decisions/0003-bundle-strategy.md).
const numeric = z.union([
  z.number(),
  z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number)),
]);

const nullableNumeric = z.pipe(
  z.nullish(numeric),
  z.transform((value: number | null | undefined) => value ?? null),
);

const timestamp = z.pipe(
  z.nullish(z.string()),
  z.transform((value: string | null | undefined) => (value && !Number.isNaN(Date.parse(value)) ? value : null)),
);

const RATING_WORDS: readonly Rating[] = ['good', 'decent', 'bad'];

/** `result` may be a score (number or numeric string), a rating word, or null. */
export const ReportResultSchema = z.pipe(
  z.union([numeric, z.string(), z.null(), z.undefined()]),
  z.transform((value): { score: number | null; rating: Rating | null } => {
    if (typeof value === 'number') {
      return Number.isFinite(value) ? { score: value, rating: ratingFromScore(value) } : { score: null, rating: null };
    }
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      const rating = RATING_WORDS.find((r) => r === word) ?? null;
      return { score: null, rating };
    }
    return { score: null, rating: null };
  }),
);

const PRIVACY_BY_CODE: Record<number, Privacy> = { 0: 'public', 1: 'private', 2: 'password' };

const PrivacySchema = z.pipe(
  numeric,
  z.transform((code: number, ctx): Privacy => {
    const privacy = PRIVACY_BY_CODE[code];
    if (!privacy) {
      ctx.issues.push({ code: 'custom', message: `Unknown privacy value ${code}`, input: code });
      return z.NEVER;
    }
    return privacy;
  }),
);

const looseBoolean = z.pipe(
  z.union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()]),
  z.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

const IMPORTANCES: readonly Importance[] = ['high', 'medium', 'low'];

function toCheck(name: string, raw: unknown): Check {
  // A check of a shape we do not know must still render, so nothing here rejects a check.
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { name, passed: null, importance: null, value: raw, errors: {} };
  }
  const record = raw as Record<string, unknown>;
  const passed =
    typeof record.passed === 'boolean'
      ? record.passed
      : record.passed === 1
        ? true
        : record.passed === 0
          ? false
          : null;
  const importance = IMPORTANCES.find((i) => i === record.importance) ?? null;
  const errors =
    typeof record.errors === 'object' && record.errors !== null && !Array.isArray(record.errors)
      ? (record.errors as Record<string, unknown>)
      : {};
  return { name, passed, importance, value: record.value, errors };
}

/**
 * The checks map, read in one pass by hand: a list page of 100 reports holds thousands of
 * checks, and a zod schema per check (record of checks) made parsing such a page a long task.
 */
const ResultsSchema = z.transform((value: unknown, ctx): Check[] => {
  // PHP encodes an empty map as [], and a report not analysed yet may have null.
  if (value === null || value === undefined || Array.isArray(value)) return [];
  if (typeof value !== 'object') {
    ctx.issues.push({ code: 'custom', message: 'Expected the checks as a map', input: value });
    return z.NEVER;
  }
  return Object.entries(value).map(([name, raw]) => toCheck(name, raw));
});

export const ReportSchema = z.pipe(
  z.object({
    id: z.union([z.number(), z.string().check(z.minLength(1))]),
    url: z.string(),
    project: z.nullish(z.string()),
    result: ReportResultSchema,
    results: ResultsSchema,
    privacy: z.nullish(PrivacySchema),
    password: looseBoolean,
    generated_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  }),
  z.transform((r): Report => ({
    id: String(r.id),
    url: r.url,
    project: r.project ?? '',
    score: r.result.score,
    rating: r.result.rating,
    checks: r.results,
    privacy: r.privacy ?? 'public',
    hasPassword: r.password,
    generatedAt: r.generated_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  })),
);

export const ProjectSchema = z.pipe(
  z.object({
    project: z.string(),
    // Figures only feed the count and average: a broken one blanks them, not the whole list.
    reports: z.catch(nullableNumeric, null),
    result: z.catch(nullableNumeric, null),
    created_at: timestamp,
  }),
  z.transform((p): Project => {
    // `result` is the SUM of the project's scores; the average is what people want to see.
    const averageScore =
      p.result !== null && p.reports !== null && p.reports > 0 ? Math.round(p.result / p.reports) : null;
    return {
      name: p.project,
      reportCount: p.reports,
      averageScore,
      rating: averageScore === null ? null : ratingFromScore(averageScore),
      createdAt: p.created_at,
    };
  }),
);

const MetaSchema = z.object({
  current_page: z.optional(numeric),
  last_page: z.optional(numeric),
  per_page: z.optional(numeric),
  total: z.optional(numeric),
  from: z.optional(nullableNumeric),
  to: z.optional(nullableNumeric),
});

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.object({ data: z.array(item), meta: z.optional(MetaSchema) }),
    z.transform((body): Page<z.output<T>> => {
      const items = body.data;
      const meta = body.meta ?? {};
      const perPage = meta.per_page ?? Math.max(items.length, 1);
      const total = meta.total ?? items.length;
      const currentPage = meta.current_page ?? 1;
      const lastPage = meta.last_page ?? Math.max(1, Math.ceil(total / perPage));
      const from = meta.from ?? (items.length > 0 ? (currentPage - 1) * perPage + 1 : null);
      const to = meta.to ?? (from !== null ? from + items.length - 1 : null);
      return { items, currentPage, lastPage, perPage, total, from, to };
    }),
  );
}

export const ReportEnvelopeSchema = z.pipe(
  z.object({ data: ReportSchema }),
  z.transform((body) => body.data),
);

/**
 * A delete is confirmed by `deleted: true` (seen), or by an empty answer (a 204 from some
 * proxy setups). Anything else with a 200, such as a maintenance page's JSON, is not a delete.
 */
export const DeletedSchema = z.union([
  z.null(),
  z.object({
    id: z.optional(z.union([z.number(), z.string()])),
    deleted: z.union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true')]),
  }),
]);

const messages = z.union([
  z.array(z.string()),
  z.pipe(
    z.string(),
    z.transform((s) => [s]),
  ),
]);

/** Both 422 shapes: the service's `{message: {field: [...]}}` and the framework's `{message, errors}`. */
export const ErrorBodySchema = z.pipe(
  z.object({
    message: z.optional(z.union([z.string(), z.record(z.string(), messages)])),
    errors: z.optional(z.record(z.string(), messages)),
  }),
  z.transform((body) => {
    const fieldErrors = { ...(typeof body.message === 'object' ? body.message : {}), ...(body.errors ?? {}) };
    const message = typeof body.message === 'string' ? body.message : undefined;
    return { message, fieldErrors };
  }),
);

export const ReportPageSchema = pageSchema(ReportSchema);
export const ProjectPageSchema = pageSchema(ProjectSchema);
