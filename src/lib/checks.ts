import type { Check, Importance } from '../api';
import { formatNumber } from './format';

/**
 * Everything the dashboard knows about the service's checks: human titles, the service's own
 * grouping, and plain-word renderings of values and error codes. Pure functions only, so each
 * rule is unit-tested. Names, values and codes it does not know are rendered generically:
 * other versions of the service add checks, and one unknown shape must never break the page.
 */

export type CheckGroupId = 'seo' | 'performance' | 'security' | 'misc' | 'other';

interface CheckInfo {
  title: string;
  group: Exclude<CheckGroupId, 'other'>;
  /** What a value of null, "" or an empty list means for this check. */
  empty?: string;
  /** The unit of a count, for the value and for too_many / too_few. */
  unit?: string;
  format?: (value: unknown) => ValueView | null;
}

export type ValueView =
  | { kind: 'none'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'pairs'; summary?: string; pairs: ValuePair[] }
  /** A value of a shape we do not know: compact JSON, shown as plain text. */
  | { kind: 'raw'; text: string };

export interface ValuePair {
  label: string;
  text?: string;
  items?: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const decimals = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export function formatSeconds(seconds: number): string {
  return `${decimals.format(seconds)} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** Decimal units, as the service's limits are written (330000 bytes = 330 kB). */
export function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1000) return `${formatNumber(bytes)} bytes`;
  if (Math.abs(bytes) < 1_000_000) return `${oneDecimal.format(bytes / 1000)} kB`;
  return `${oneDecimal.format(bytes / 1_000_000)} MB`;
}

function countText(count: number, unit: string | undefined): string {
  return unit ? `${formatNumber(count)} ${unit}` : formatNumber(count);
}

/** Compact JSON, for values of a shape we do not know. Never throws. */
export function toPlainJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function primitiveText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isFiniteNumber(value)) return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null) return 'None';
  return null;
}

const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function pairOf(label: string, value: unknown): ValuePair {
  const text = primitiveText(value);
  if (text !== null) return { label, text };
  if (Array.isArray(value) && value.every(isPrimitive)) {
    return value.length === 0
      ? { label, text: 'None' }
      : { label, items: value.map((item) => primitiveText(item) ?? '') };
  }
  if (isRecord(value) && Object.values(value).every(isPrimitive)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? { label, text: 'None' }
      : { label, items: entries.map(([key, item]) => `${key}: ${primitiveText(item) ?? ''}`) };
  }
  return { label, text: toPlainJson(value) };
}

/** Any JSON value, in the most human form its shape allows. */
export function describeGenericValue(value: unknown, empty = 'None'): ValueView {
  if (value === null || value === undefined || value === '') return { kind: 'none', text: empty };
  const text = primitiveText(value);
  if (text !== null) return { kind: 'text', text };
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'none', text: empty };
    if (value.every(isPrimitive)) return { kind: 'list', items: value.map((item) => primitiveText(item) ?? '') };
    return { kind: 'raw', text: toPlainJson(value) };
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return { kind: 'none', text: empty };
    return { kind: 'pairs', pairs: entries.map(([key, item]) => pairOf(key, item)) };
  }
  return { kind: 'raw', text: toPlainJson(value) };
}

const numberAs =
  (render: (n: number) => string) =>
  (value: unknown): ValueView | null =>
    isFiniteNumber(value) ? { kind: 'text', text: render(value) } : null;

const CHECKS: Record<string, CheckInfo> = {
  title: { title: 'Title', group: 'seo', empty: 'No title', unit: 'title tags' },
  meta_description: { title: 'Meta description', group: 'seo', empty: 'No meta description' },
  headings: {
    title: 'Headings',
    group: 'seo',
    empty: 'No headings',
    unit: 'H1 headings',
    format: (value) => {
      if (!isRecord(value)) return null;
      const levels = Object.entries(value);
      if (levels.length === 0) return { kind: 'none', text: 'No headings' };
      return {
        kind: 'pairs',
        pairs: levels.map(([level, headings]) => {
          const label = /^h\d$/i.test(level) ? level.toUpperCase() : level;
          return Array.isArray(headings) && headings.length > 0 && headings.every(isPrimitive)
            ? { label: `${label} (${headings.length})`, items: headings.map((h) => primitiveText(h) ?? '') }
            : pairOf(label, Array.isArray(headings) && headings.length === 0 ? 'None' : headings);
        }),
      };
    },
  },
  content_keywords: { title: 'Content keywords', group: 'seo', empty: 'No keywords' },
  image_keywords: { title: 'Image keywords', group: 'seo', empty: 'Every image has alt text' },
  seo_friendly_url: { title: 'SEO-friendly URL', group: 'seo' },
  '404_page': { title: '404 page', group: 'seo', empty: 'No custom 404 page' },
  robots: { title: 'Robots.txt', group: 'seo', empty: 'Not blocked' },
  noindex: { title: 'Noindex', group: 'seo', empty: 'No noindex directive' },
  in_page_links: {
    title: 'In-page links',
    group: 'seo',
    unit: 'links',
    format: (value) => {
      if (!isRecord(value)) return null;
      const { count, ...rest } = value;
      const view = describeGenericValue(rest);
      const pairs = view.kind === 'pairs' ? view.pairs : [];
      return isFiniteNumber(count)
        ? { kind: 'pairs', summary: countText(count, 'links'), pairs }
        : { kind: 'pairs', pairs };
    },
  },
  language: { title: 'Language', group: 'seo', empty: 'No language declared' },
  favicon: { title: 'Favicon', group: 'seo', empty: 'No favicon' },
  text_compression: { title: 'Text compression', group: 'performance', empty: 'Not compressed' },
  load_time: { title: 'Load time', group: 'performance', format: numberAs(formatSeconds) },
  page_size: { title: 'Page size', group: 'performance', format: numberAs(formatBytes) },
  http_requests: {
    title: 'HTTP requests',
    group: 'performance',
    unit: 'requests',
    format: (value) => {
      if (!isRecord(value) || !Object.values(value).every(isFiniteNumber)) return null;
      const counts = Object.entries(value) as [string, number][];
      const total = counts.reduce((sum, [, n]) => sum + n, 0);
      return {
        kind: 'pairs',
        summary: countText(total, 'requests'),
        pairs: counts.map(([label, n]) => ({ label, text: formatNumber(n) })),
      };
    },
  },
  image_format: { title: 'Image format', group: 'performance', empty: 'No images in old formats' },
  defer_javascript: { title: 'Defer JavaScript', group: 'performance', empty: 'No render-blocking scripts' },
  dom_size: {
    title: 'DOM size',
    group: 'performance',
    unit: 'elements',
    format: numberAs((n) => countText(n, 'elements')),
  },
  https_encryption: { title: 'HTTPS encryption', group: 'security' },
  gsb: { title: 'Google Safe Browsing', group: 'security', empty: 'No threats found' },
  plaintext_email: { title: 'Plaintext email', group: 'security', empty: 'No email addresses in plain text' },
  structured_data: { title: 'Structured data', group: 'misc', empty: 'No structured data' },
  meta_viewport: { title: 'Meta viewport', group: 'misc', empty: 'No viewport set' },
  charset: { title: 'Charset', group: 'misc', empty: 'No charset declared' },
  sitemap: { title: 'Sitemap', group: 'misc', empty: 'No sitemap' },
  social: { title: 'Social', group: 'misc', empty: 'No social links' },
  content_length: {
    title: 'Content length',
    group: 'misc',
    unit: 'words',
    format: numberAs((n) => countText(n, 'words')),
  },
  text_html_ratio: {
    title: 'Text to HTML ratio',
    group: 'misc',
    unit: '%',
    format: numberAs((n) => `${decimals.format(n)} %`),
  },
  inline_css: { title: 'Inline CSS', group: 'misc', empty: 'No inline CSS' },
  deprecated_html_tags: {
    title: 'Deprecated HTML tags',
    group: 'misc',
    empty: 'No deprecated tags',
    format: (value) => {
      if (!isRecord(value) || !Object.values(value).every(isFiniteNumber)) return null;
      const tags = Object.entries(value) as [string, number][];
      if (tags.length === 0) return { kind: 'none', text: 'No deprecated tags' };
      return {
        kind: 'pairs',
        pairs: tags.map(([tag, n]) => ({ label: `<${tag}>`, text: n === 1 ? 'once' : `${formatNumber(n)} times` })),
      };
    },
  },
};

export const CHECK_GROUPS: readonly { id: CheckGroupId; title: string }[] = [
  { id: 'seo', title: 'SEO' },
  { id: 'performance', title: 'Performance' },
  { id: 'security', title: 'Security' },
  { id: 'misc', title: 'Miscellaneous' },
  { id: 'other', title: 'Other' },
];

function infoOf(name: string): CheckInfo | undefined {
  return Object.hasOwn(CHECKS, name) ? CHECKS[name] : undefined;
}

/** "meta_description" → "Meta description"; unknown names are made readable the same way. */
export function checkTitle(name: string): string {
  const known = infoOf(name)?.title;
  if (known) return known;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '(unnamed check)';
}

/** Whether the dashboard knows the check (one of the service's documented ones). */
export function isKnownCheck(name: string): boolean {
  return infoOf(name) !== undefined;
}

export function checkGroupOf(name: string): CheckGroupId {
  return infoOf(name)?.group ?? 'other';
}

export function describeCheckValue(name: string, value: unknown): ValueView {
  const info = infoOf(name);
  const empty = info?.empty ?? 'None';
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return { kind: 'none', text: empty };
  }
  // A known check whose value has an unexpected shape falls back to the generic rendering.
  return info?.format?.(value) ?? describeGenericValue(value, empty);
}

function detailNumber(detail: unknown, key: 'min' | 'max'): number | null {
  if (!isRecord(detail)) return null;
  const raw = detail[key];
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return isFiniteNumber(n) ? n : null;
}

const MISSING: Record<string, string> = {
  title: 'The page has no title.',
  meta_description: 'The page has no meta description.',
  headings: 'The page has no H1 heading.',
  image_keywords: 'Some images have no alt text.',
  '404_page': 'The site has no custom 404 page.',
  language: 'The page does not declare its language.',
  favicon: 'The site has no favicon.',
  text_compression: 'The page is sent without compression.',
  defer_javascript: 'Some scripts are not deferred and slow down rendering.',
  https_encryption: 'The page is not served over HTTPS.',
  structured_data: 'The page has no structured data.',
  meta_viewport: 'The page has no viewport meta tag, so it may not fit phone screens.',
  charset: 'The page does not declare its character set.',
  social: 'The page links to no social profiles.',
};

const FAILED: Record<string, string> = {
  robots: 'Robots.txt blocks search engines from this page.',
  noindex: 'The page tells search engines not to index it.',
  gsb: 'Google Safe Browsing lists this page as unsafe.',
  plaintext_email: 'Email addresses appear in plain text, where spammers can collect them.',
  sitemap: 'No sitemap was found.',
  inline_css: 'The page uses inline CSS.',
};

const BAD_FORMAT: Record<string, string> = {
  seo_friendly_url: 'The URL is not search-engine friendly (keep it short, lower-case, words joined by hyphens).',
  image_format: 'Some images are not in a modern format such as WebP or AVIF.',
};

function listOfStrings(detail: unknown): string[] | null {
  return Array.isArray(detail) && detail.length > 0 && detail.every((item) => typeof item === 'string') ? detail : null;
}

function humanCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Problem';
}

/** One error code of a check, in plain words. */
export function describeCheckError(name: string, code: string, detail: unknown): string {
  const info = infoOf(name);
  const unit = info?.unit;
  const min = detailNumber(detail, 'min');
  const max = detailNumber(detail, 'max');
  switch (code) {
    case 'missing': {
      const missing = listOfStrings(detail);
      if (name === 'content_keywords' && missing)
        return `These keywords do not appear in the content: ${missing.join(', ')}.`;
      if (missing && name !== 'image_keywords') return `Missing: ${missing.join(', ')}.`;
      return MISSING[name] ?? `${checkTitle(name)} is missing.`;
    }
    case 'length':
      if (min !== null && max !== null)
        return `Should be ${formatNumber(min)} to ${formatNumber(max)} characters long.`;
      if (max !== null) return `Too long: at most ${formatNumber(max)} characters.`;
      if (min !== null) return `Too short: at least ${formatNumber(min)} characters.`;
      return 'The length is outside the recommended range.';
    case 'too_many':
      return max !== null
        ? `Too many ${unit ?? 'items'}: at most ${formatNumber(max)} recommended.`
        : `Too many ${unit ?? 'items'}.`;
    case 'too_few':
      return min !== null
        ? `Too few ${unit ?? 'items'}: at least ${formatNumber(min)} recommended.`
        : `Too few ${unit ?? 'items'}.`;
    case 'duplicate':
      return name === 'headings' ? 'Some headings appear more than once.' : 'Some values appear more than once.';
    case 'too_slow':
      return max !== null ? `Too slow: should load within ${formatSeconds(max)}.` : 'Too slow.';
    case 'too_large':
      return max !== null ? `Too large: should be at most ${formatBytes(max)}.` : 'Too large.';
    case 'too_small':
      if (min === null) return 'Too small.';
      return unit === '%'
        ? `Too low: should be at least ${decimals.format(min)} %.`
        : `Too small: should be at least ${formatNumber(min)}.`;
    case 'bad_format':
      return BAD_FORMAT[name] ?? 'Not in the expected format.';
    case 'bad_tags':
      return 'The page uses deprecated HTML tags.';
    case 'failed':
      return FAILED[name] ?? 'The check failed.';
    default: {
      const extra = detail === null || detail === undefined ? '' : `: ${toPlainJson(detail)}`;
      return `${humanCode(code)}${extra}`;
    }
  }
}

/** Every problem of a check; a failed check without codes still says it failed. */
export function describeCheckErrors(check: Pick<Check, 'name' | 'passed' | 'errors'>): string[] {
  const messages = Object.entries(check.errors).map(([code, detail]) => describeCheckError(check.name, code, detail));
  if (messages.length === 0 && check.passed === false) return ['The check did not pass.'];
  return messages;
}

const IMPORTANCE_ORDER: Record<Importance, number> = { high: 0, medium: 1, low: 2 };
const statusOrder = (passed: boolean | null) => (passed === false ? 0 : passed === null ? 1 : 2);

/** Failed first, then unknown, then passed; within each, high importance first. */
export function compareChecks(a: Check, b: Check): number {
  return (
    statusOrder(a.passed) - statusOrder(b.passed) ||
    (a.importance ? IMPORTANCE_ORDER[a.importance] : 3) - (b.importance ? IMPORTANCE_ORDER[b.importance] : 3)
  );
}

export interface CheckGroup {
  id: CheckGroupId;
  title: string;
  checks: Check[];
}

/** The checks in the service's groups (empty groups left out), failed first in each. */
export function groupChecks(checks: readonly Check[]): CheckGroup[] {
  return CHECK_GROUPS.map(({ id, title }) => ({
    id,
    title,
    checks: checks.filter((check) => checkGroupOf(check.name) === id).sort(compareChecks),
  })).filter((group) => group.checks.length > 0);
}

export interface ImportanceCounts {
  total: number;
  high: number;
  medium: number;
  low: number;
  /** Checks whose importance the service did not say (or said in a way we do not know). */
  unknown: number;
}

export interface CheckSummary {
  passed: ImportanceCounts;
  failed: ImportanceCounts;
  /** Checks of a shape we do not know: neither passed nor failed. */
  unknown: number;
}

const zero = (): ImportanceCounts => ({ total: 0, high: 0, medium: 0, low: 0, unknown: 0 });

export function summariseChecks(checks: readonly Check[]): CheckSummary {
  const summary: CheckSummary = { passed: zero(), failed: zero(), unknown: 0 };
  for (const check of checks) {
    if (check.passed === null) {
      summary.unknown += 1;
      continue;
    }
    const counts = check.passed ? summary.passed : summary.failed;
    counts.total += 1;
    counts[check.importance ?? 'unknown'] += 1;
  }
  return summary;
}

function byImportance(counts: ImportanceCounts): string {
  const parts = (['high', 'medium', 'low'] as const).filter((i) => counts[i] > 0).map((i) => `${counts[i]} ${i}`);
  if (counts.unknown > 0) parts.push(`${counts.unknown} unrated`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** "20 passed (9 high, 8 medium, 3 low), 11 failed (4 high, 6 medium, 1 low)". */
export function formatCheckSummary(summary: CheckSummary): string {
  const parts = [
    `${summary.passed.total} passed${byImportance(summary.passed)}`,
    `${summary.failed.total} failed${byImportance(summary.failed)}`,
  ];
  if (summary.unknown > 0) parts.push(`${summary.unknown} of unknown outcome`);
  return parts.join(', ');
}

function viewText(view: ValueView): string {
  switch (view.kind) {
    case 'none':
    case 'text':
    case 'raw':
      return view.text;
    case 'list':
      return view.items.join(', ');
    case 'pairs': {
      const pairs = view.pairs.map((pair) => `${pair.label}: ${pair.text ?? pair.items?.join(', ') ?? ''}`);
      return [view.summary, ...pairs].filter(Boolean).join('; ');
    }
  }
}

/**
 * What a failed check found on a page, in one line of plain text (the audit's lists and CSV):
 * its problems in words, then the value. Cut at `maxLength`, since a value can be a whole page.
 */
export function describeFinding(check: Pick<Check, 'name' | 'passed' | 'errors' | 'value'>, maxLength = 200): string {
  const problems = describeCheckErrors(check).join(' ');
  const view = describeCheckValue(check.name, check.value);
  // An empty value ("No meta description") only repeats what the problem says.
  const text = view.kind === 'none' ? problems : `${problems} Found: ${viewText(view)}`;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

const IMPORTANCE_WORDS: Record<Importance, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** "High", "Medium", "Low", or "Not stated" when the service did not say. */
export function importanceLabel(importance: Importance | null): string {
  return importance ? IMPORTANCE_WORDS[importance] : 'Not stated';
}
