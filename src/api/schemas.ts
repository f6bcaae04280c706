import { z } from 'zod';
import type { Check, Importance, Privacy, Project, Rating, Report, Page } from './types';

/**
 * zod schemas for what the service sends, tolerant of every variant recorded in
 * shared/spec/api-v1-observed.md, transforming into the app's own types in ./types.
 * Nothing past this file sees raw JSON.
 */

const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const nullableNumeric = numeric.nullish().transform((value) => value ?? null);

const timestamp = z
  .string()
  .nullish()
  .transform((value) => (value && !Number.isNaN(Date.parse(value)) ? value : null));

export function ratingFromScore(score: number): Rating {
  // Thresholds seen in the service: they also drive its `result=` list filter.
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}

const RATING_WORDS: readonly Rating[] = ['good', 'decent', 'bad'];

/** `result` may be a score (number or numeric string), a rating word, or null. */
export const ReportResultSchema = z
  .union([numeric, z.string(), z.null(), z.undefined()])
  .transform((value): { score: number | null; rating: Rating | null } => {
    if (typeof value === 'number') {
      return Number.isFinite(value) ? { score: value, rating: ratingFromScore(value) } : { score: null, rating: null };
    }
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      const rating = RATING_WORDS.find((r) => r === word) ?? null;
      return { score: null, rating };
    }
    return { score: null, rating: null };
  });

const PRIVACY_BY_CODE: Record<number, Privacy> = { 0: 'public', 1: 'private', 2: 'password' };

const PrivacySchema = numeric.transform((code, ctx): Privacy => {
  const privacy = PRIVACY_BY_CODE[code];
  if (!privacy) {
    ctx.addIssue({ code: 'custom', message: `Unknown privacy value ${code}` });
    return z.NEVER;
  }
  return privacy;
});

const looseBoolean = z
  .union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

const IMPORTANCES: readonly Importance[] = ['high', 'medium', 'low'];

const CheckSchema = z.unknown().transform((raw): Omit<Check, 'name'> => {
  // A check of a shape we do not know must still render, so nothing here rejects a check.
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { passed: null, importance: null, value: raw, errors: {} };
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
  return { passed, importance, value: record.value, errors };
});

const ResultsSchema = z
  .union([z.record(z.string(), CheckSchema), z.array(z.unknown()), z.null(), z.undefined()])
  .transform((value): Check[] => {
    // PHP encodes an empty map as [], and a report not analysed yet may have null.
    if (!value || Array.isArray(value)) return [];
    return Object.entries(value).map(([name, check]) => ({ name, ...check }));
  });

export const ReportSchema = z
  .object({
    id: z.union([z.number(), z.string().min(1)]),
    url: z.string(),
    project: z.string().nullish(),
    result: ReportResultSchema,
    results: ResultsSchema,
    privacy: PrivacySchema.nullish(),
    password: looseBoolean,
    generated_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .transform((r): Report => ({
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
  }));

export const ProjectSchema = z
  .object({
    project: z.string(),
    reports: nullableNumeric,
    result: nullableNumeric,
    created_at: timestamp,
  })
  .transform((p): Project => {
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
  });

const MetaSchema = z.object({
  current_page: numeric.optional(),
  last_page: numeric.optional(),
  per_page: numeric.optional(),
  total: numeric.optional(),
  from: nullableNumeric.optional(),
  to: nullableNumeric.optional(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: MetaSchema.optional() }).transform((body): Page<z.output<T>> => {
    const items = body.data;
    const meta = body.meta ?? {};
    const perPage = meta.per_page ?? Math.max(items.length, 1);
    const total = meta.total ?? items.length;
    const currentPage = meta.current_page ?? 1;
    const lastPage = meta.last_page ?? Math.max(1, Math.ceil(total / perPage));
    const from = meta.from ?? (items.length > 0 ? (currentPage - 1) * perPage + 1 : null);
    const to = meta.to ?? (from !== null ? from + items.length - 1 : null);
    return { items, currentPage, lastPage, perPage, total, from, to };
  });
}

export const ReportEnvelopeSchema = z.object({ data: ReportSchema }).transform((body) => body.data);

export const DeletedSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  deleted: looseBoolean.optional(),
});

const messages = z.union([z.array(z.string()), z.string().transform((s) => [s])]);

/** Both 422 shapes: the service's `{message: {field: [...]}}` and the framework's `{message, errors}`. */
export const ErrorBodySchema = z
  .object({
    message: z.union([z.string(), z.record(z.string(), messages)]).optional(),
    errors: z.record(z.string(), messages).optional(),
  })
  .transform((body) => {
    const fieldErrors = { ...(typeof body.message === 'object' ? body.message : {}), ...(body.errors ?? {}) };
    const message = typeof body.message === 'string' ? body.message : undefined;
    return { message, fieldErrors };
  });
