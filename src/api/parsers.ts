import { ratingFromScore } from '../lib/rating';
import type { Check, Importance, Page, Privacy, Rating, Report, UnreadableRow } from '../lib/service-types';

/**
 * Readers for what the service sends, tolerant of every variant recorded in
 * shared/spec/api-v1-observed.md (numbers as strings, a score or a rating word as the result,
 * PHP's [] for an empty map, meta with or without links, or no meta at all), turning raw JSON
 * into the app's own types in ./types. Nothing past this file sees raw JSON, but for a project's
 * reader, which is in ./projects.ts so that it loads with the pages that list projects, not with
 * the first paint of /reports (docs/decisions/0027).
 *
 * Written by hand rather than with a schema library: these run on the first paint of every list,
 * where the library's runtime would weigh more than the readers (docs/decisions/0010, 0094: the
 * schema library reads storage, files and other tabs, never the first paint); the forms
 * use react-hook-form's own rules (docs/decisions/0050). A value of the wrong shape throws ResponseShapeError, naming where it
 * was found; request() turns that into an ApiError('invalid-response').
 */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
}

export function invalid(path: string, expected: string): never {
  throw new ResponseShapeError(`${path || 'The answer'}: expected ${expected}`);
}

type RawObject = Record<string, unknown>;

export const isObject = (value: unknown): value is RawObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectAt(value: unknown, path: string): RawObject {
  if (!isObject(value)) invalid(path, 'an object');
  return value;
}

const NUMERIC_STRING = /^-?\d+(\.\d+)?$/;

/** A finite number, or one sent as a string ("10", " 2.5 "); undefined for anything else. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return NUMERIC_STRING.test(trimmed) ? Number(trimmed) : undefined;
  }
  return undefined;
}

function numeric(value: unknown, path: string): number {
  const number = toNumber(value);
  if (number === undefined) invalid(path, 'a number');
  return number;
}

const optionalNumeric = (value: unknown, path: string): number | undefined =>
  value === undefined ? undefined : numeric(value, path);

const nullableNumeric = (value: unknown, path: string): number | null =>
  value === null || value === undefined ? null : numeric(value, path);

/** A date-time string; anything unreadable as a date is "no date" rather than an error. */
export function timestamp(value: unknown, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') invalid(path, 'a date-time string or null');
  return value && !Number.isNaN(Date.parse(value)) ? value : null;
}

const RATING_WORDS: readonly Rating[] = ['good', 'decent', 'bad'];

/** `result` may be a score (number or numeric string), a rating word, or null. */
export function readResult(value: unknown, path = 'result'): { score: number | null; rating: Rating | null } {
  const score = toNumber(value);
  if (score !== undefined) return { score, rating: ratingFromScore(score) };
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    return { score: null, rating: RATING_WORDS.find((rating) => rating === word) ?? null };
  }
  if (value === null || value === undefined) return { score: null, rating: null };
  return invalid(path, 'a score, a rating word or null');
}

const PRIVACY_BY_CODE: Record<number, Privacy> = { 0: 'public', 1: 'private', 2: 'password' };

function privacy(value: unknown, path: string): Privacy {
  if (value === null || value === undefined) return 'public';
  const code = numeric(value, path);
  return PRIVACY_BY_CODE[code] ?? invalid(path, 'a privacy code 0, 1 or 2');
}

function looseBoolean(value: unknown, path: string): boolean {
  const readable =
    value === null ||
    value === undefined ||
    typeof value === 'boolean' ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value));
  if (!readable) invalid(path, 'a boolean');
  return value === true || value === 1 || value === '1' || value === 'true';
}

const IMPORTANCES: readonly Importance[] = ['high', 'medium', 'low'];

function toCheck(name: string, raw: unknown): Check {
  // A check of a shape we do not know must still render, so nothing here rejects a check.
  if (!isObject(raw)) return { name, passed: null, importance: null, value: raw, errors: {} };
  const passed =
    raw.passed === true || raw.passed === 1 ? true : raw.passed === false || raw.passed === 0 ? false : null;
  const importance = IMPORTANCES.find((i) => i === raw.importance) ?? null;
  const errors = isObject(raw.errors) ? raw.errors : {};
  return { name, passed, importance, value: raw.value, errors };
}

/** The checks map. PHP encodes an empty map as [], and a report not analysed yet may have null. */
function checks(value: unknown, path: string): Check[] {
  if (value === null || value === undefined || Array.isArray(value)) return [];
  if (typeof value !== 'object') invalid(path, 'the checks as a map');
  return Object.entries(value).map(([name, raw]) => toCheck(name, raw));
}

function reportId(value: unknown, path: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return invalid(path, 'an id');
}

export function string(value: unknown, path: string): string {
  if (typeof value !== 'string') invalid(path, 'a string');
  return value;
}

export function readReport(value: unknown, path = ''): Report {
  const raw = objectAt(value, path);
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const { score, rating } = readResult(raw.result, at('result'));
  const project = raw.project;
  return {
    id: reportId(raw.id, at('id')),
    url: string(raw.url, at('url')),
    project: project === null || project === undefined ? '' : string(project, at('project')),
    score,
    rating,
    checks: checks(raw.results, at('results')),
    privacy: privacy(raw.privacy, at('privacy')),
    hasPassword: looseBoolean(raw.password, at('password')),
    generatedAt: timestamp(raw.generated_at, at('generated_at')),
    createdAt: timestamp(raw.created_at, at('created_at')),
    updatedAt: timestamp(raw.updated_at, at('updated_at')),
  };
}

/** A list answer: `{data: [...], meta: {...}}`, meta's numbers possibly strings, or no meta. */
export function readPage<T>(value: unknown, readItem: (item: unknown, path: string) => T): Page<T> {
  const body = objectAt(value, '');
  if (!Array.isArray(body.data)) invalid('data', 'a list');
  // One broken row must not blank the whole list: it is set aside and shown as unreadable.
  const items: T[] = [];
  const unreadable: UnreadableRow[] = [];
  body.data.forEach((item: unknown, index) => {
    try {
      items.push(readItem(item, `data[${index}]`));
    } catch (error) {
      if (!(error instanceof ResponseShapeError)) throw error;
      const id =
        isObject(item) && (typeof item.id === 'string' || typeof item.id === 'number') ? String(item.id) : null;
      unreadable.push({ position: index + 1, id, reason: error.message });
    }
  });
  const meta = body.meta === undefined ? {} : objectAt(body.meta, 'meta');
  const perPage = optionalNumeric(meta.per_page, 'meta.per_page') ?? Math.max(items.length, 1);
  const total = optionalNumeric(meta.total, 'meta.total') ?? items.length;
  const currentPage = optionalNumeric(meta.current_page, 'meta.current_page') ?? 1;
  const lastPage = optionalNumeric(meta.last_page, 'meta.last_page') ?? Math.max(1, Math.ceil(total / perPage));
  const from = nullableNumeric(meta.from, 'meta.from') ?? (items.length > 0 ? (currentPage - 1) * perPage + 1 : null);
  const to = nullableNumeric(meta.to, 'meta.to') ?? (from !== null ? from + items.length - 1 : null);
  const page: Page<T> = { items, currentPage, lastPage, perPage, total, from, to };
  if (unreadable.length > 0) page.unreadable = unreadable;
  return page;
}

export const readReportPage = (value: unknown): Page<Report> => readPage(value, readReport);

/** One report's answer: `{data: {...}}`. */
export const readReportEnvelope = (value: unknown): Report => readReport(objectAt(value, '').data, 'data');
