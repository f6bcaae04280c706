import type { Check, Importance } from './service-types';
import { formatNumber } from './format-number';

/**
 * Everything the dashboard knows about the service's checks: human titles, the service's own
 * grouping, and plain-word renderings of values and error codes. Pure functions only, so each
 * rule is unit-tested. Names, values and codes it does not know are rendered generically:
 * other versions of the service add checks, and one unknown shape must never break the page.
 */

export type CheckGroupId = 'seo' | 'performance' | 'security' | 'misc' | 'other';
type Unit = readonly [one: string, many: string];

interface CheckInfo {
  title: string;
  group: Exclude<CheckGroupId, 'other'>;
  /** What a value of null, "" or an empty list means for this check. */
  empty?: string;
  /** What the check counts (one, many), for found-versus-expected wording. */
  unit?: Unit;
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

export function formatSeconds(seconds: number): string {
  return `${formatNumber(seconds, 2)} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** Decimal units, as the service's limits are written (330000 bytes = 330 kB). */
export function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1000) return `${formatNumber(bytes)} bytes`;
  if (Math.abs(bytes) < 1_000_000) return `${formatNumber(bytes / 1000, 1)} kB`;
  return `${formatNumber(bytes / 1_000_000, 1)} MB`;
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
  title: { title: 'Title', group: 'seo', empty: 'No title', unit: ['title tag', 'title tags'] },
  meta_description: { title: 'Meta description', group: 'seo', empty: 'No meta description' },
  headings: {
    title: 'Headings',
    group: 'seo',
    empty: 'No headings',
    unit: ['H1 heading', 'H1 headings'],
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
  image_keywords: {
    title: 'Image keywords',
    group: 'seo',
    empty: 'Every image has alt text',
    unit: ['image', 'images'],
  },
  seo_friendly_url: { title: 'SEO-friendly URL', group: 'seo' },
  '404_page': { title: '404 page', group: 'seo', empty: 'No custom 404 page' },
  robots: { title: 'Robots.txt', group: 'seo', empty: 'Not blocked' },
  noindex: { title: 'Noindex', group: 'seo', empty: 'No noindex directive' },
  in_page_links: {
    title: 'In-page links',
    group: 'seo',
    unit: ['link', 'links'],
    format: (value) => {
      if (!isRecord(value)) return null;
      const { count, ...rest } = value;
      const view = describeGenericValue(rest);
      const pairs = view.kind === 'pairs' ? view.pairs : [];
      return isFiniteNumber(count)
        ? { kind: 'pairs', summary: counted(count, ['link', 'links']), pairs }
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
    unit: ['request', 'requests'],
    format: (value) => {
      if (!isRecord(value) || !Object.values(value).every(isFiniteNumber)) return null;
      const counts = Object.entries(value) as [string, number][];
      const total = counts.reduce((sum, [, n]) => sum + n, 0);
      return {
        kind: 'pairs',
        summary: counted(total, ['request', 'requests']),
        pairs: counts.map(([label, n]) => ({ label, text: formatNumber(n) })),
      };
    },
  },
  image_format: {
    title: 'Image format',
    group: 'performance',
    empty: 'No images in old formats',
    unit: ['image', 'images'],
  },
  defer_javascript: {
    title: 'Defer JavaScript',
    group: 'performance',
    empty: 'No render-blocking scripts',
    unit: ['script', 'scripts'],
  },
  dom_size: {
    title: 'DOM size',
    group: 'performance',
    unit: ['element', 'elements'],
    format: numberAs((n) => counted(n, ['element', 'elements'])),
  },
  https_encryption: { title: 'HTTPS encryption', group: 'security' },
  gsb: { title: 'Google Safe Browsing', group: 'security', empty: 'No threats found' },
  plaintext_email: {
    title: 'Plaintext email',
    group: 'security',
    empty: 'No email addresses in plain text',
    unit: ['email address', 'email addresses'],
  },
  structured_data: { title: 'Structured data', group: 'misc', empty: 'No structured data' },
  meta_viewport: { title: 'Meta viewport', group: 'misc', empty: 'No viewport set' },
  charset: { title: 'Charset', group: 'misc', empty: 'No charset declared' },
  sitemap: { title: 'Sitemap', group: 'misc', empty: 'No sitemap' },
  social: { title: 'Social', group: 'misc', empty: 'No social links' },
  content_length: {
    title: 'Content length',
    group: 'misc',
    unit: ['word', 'words'],
    format: numberAs((n) => counted(n, ['word', 'words'])),
  },
  text_html_ratio: {
    title: 'Text to HTML ratio',
    group: 'misc',
    format: numberAs((n) => `${formatNumber(n, 2)} %`),
  },
  inline_css: { title: 'Inline CSS', group: 'misc', empty: 'No inline CSS', unit: ['inline style', 'inline styles'] },
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

const SHORT_VALUE_LENGTH = 80;
const cut = (text: string) => (text.length > SHORT_VALUE_LENGTH ? `${text.slice(0, SHORT_VALUE_LENGTH - 1)}…` : text);

/** A value in one short line, for a comparison table cell: "2.7 seconds", "coffee, guide", "3 items". */
export function summariseValue(name: string, value: unknown): string {
  const view = describeCheckValue(name, value);
  switch (view.kind) {
    case 'none':
    case 'text':
    case 'raw':
      return cut(view.text);
    case 'list': {
      const joined = view.items.join(', ');
      return joined.length <= SHORT_VALUE_LENGTH ? joined : `${formatNumber(view.items.length)} items`;
    }
    case 'pairs':
      return (
        view.summary ??
        cut(view.pairs.map((pair) => `${pair.label}: ${pair.text ?? pair.items?.join(', ') ?? ''}`).join('; '))
      );
  }
}

function detailNumber(detail: unknown, key: 'min' | 'max'): number | null {
  if (!isRecord(detail)) return null;
  const raw = detail[key];
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return isFiniteNumber(n) ? n : null;
}

function listOfStrings(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string') ? value : null;
}

/** How many of something a value holds: a number, a list's length, H1s, a `count`, a sum of counts. */
function countOf(name: string, value: unknown): number | null {
  if (isFiniteNumber(value)) return value;
  if (Array.isArray(value)) return value.length;
  if (!isRecord(value)) return null;
  if (name === 'headings') {
    const h1 = value.h1 ?? value.H1;
    return Array.isArray(h1) ? h1.length : null;
  }
  if (isFiniteNumber(value.count)) return value.count;
  const counts = Object.values(value);
  return counts.length > 0 && counts.every(isFiniteNumber) ? counts.reduce((sum, n) => sum + n, 0) : null;
}

/** "1 link", "212 links"; a bare number when the check has no unit. */
function counted(n: number, unit: Unit | undefined): string {
  if (!unit) return formatNumber(n);
  return `${formatNumber(n)} ${n === 1 ? unit[0] : unit[1]}`;
}

const seconds = (n: number) => `${formatNumber(n, 2)} s`;

/** "MALWARE" → "malware", "SOCIAL_ENGINEERING" → "social engineering". */
const lowerWords = (code: string) => code.replace(/[_-]+/g, ' ').trim().toLowerCase();

function humanCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Problem';
}

/** An unknown code's detail, readably: "(limit: 3)", ": something", or compact JSON. */
function readableDetail(detail: unknown): string {
  if (detail === null || detail === undefined || detail === '') return '';
  const text = primitiveText(detail);
  if (text !== null) return `: ${text}`;
  if (isRecord(detail) && Object.values(detail).every(isPrimitive)) {
    const entries = Object.entries(detail);
    return entries.length === 0
      ? ''
      : ` (${entries.map(([key, item]) => `${key}: ${primitiveText(item)}`).join(', ')})`;
  }
  if (Array.isArray(detail) && detail.every(isPrimitive)) return `: ${detail.map(primitiveText).join(', ')}`;
  return `: ${toPlainJson(detail)}`;
}

/** What a "missing" finding says for each known check: what was found, and what is expected. */
const MISSING: Record<string, string> = {
  title: 'No title, a page should have one.',
  meta_description: 'No meta description, a page should have one.',
  headings: 'No H1 heading, a page should have exactly one.',
  '404_page': 'No custom 404 page, the site should have one.',
  language: 'No language declared, the page should declare one.',
  favicon: 'No favicon, the site should have one.',
  text_compression: 'Sent uncompressed, should be compressed (gzip or Brotli).',
  https_encryption: 'Served without HTTPS, should be HTTPS only.',
  structured_data: 'No structured data, the page should have some.',
  meta_viewport: 'No viewport meta tag, the page should have one so that it fits phone screens.',
  charset: 'No character set declared, the page should declare one.',
  social: 'No links to social profiles, the page should have some.',
};

function describeMissing(name: string, detail: unknown, value: unknown): string {
  const unit = infoOf(name)?.unit;
  const items = listOfStrings(detail);
  if (name === 'content_keywords' && items)
    return `Not in the page's text: ${items.join(', ')}. Each should appear in it.`;
  if (name === 'image_keywords' || name === 'defer_javascript') {
    const n = countOf(name, value) ?? items?.length ?? null;
    const what = name === 'image_keywords' ? 'without alt text' : 'load without defer or async';
    return n !== null && n > 0
      ? `${counted(n, unit)} ${what}, should be none.`
      : `Some ${unit?.[1]} ${what}, should be none.`;
  }
  if (items) return `Missing: ${items.join(', ')}.`;
  return MISSING[name] ?? `${checkTitle(name)}: not found.`;
}

function describeFailed(name: string, value: unknown): string {
  const unit = infoOf(name)?.unit;
  const items = listOfStrings(value);
  switch (name) {
    case 'robots':
      return `Blocked by robots.txt${items ? ` (${items.join('; ')})` : ''}, search engines should be allowed in.`;
    case 'noindex':
      return `Marked “${typeof value === 'string' && value ? value : 'noindex'}”, should be open to search engines.`;
    case 'gsb':
      return `Listed as unsafe${items ? ` (${items.map(lowerWords).join(', ')})` : ''}, should be on no list.`;
    case 'sitemap':
      return 'No sitemap found, the site should have one.';
    case 'plaintext_email':
    case 'inline_css': {
      const n = countOf(name, value);
      const found = n !== null && n > 0 ? counted(n, unit) : `Some ${unit?.[1]}`;
      return `${found}${name === 'plaintext_email' ? ' in plain text' : ''}, should be none.`;
    }
    default:
      return 'The check failed.';
  }
}

/**
 * One error code of a check in plain words: what was found (from the value) against what is
 * expected (from the code's detail), e.g. too_slow {max: 2} with 2.7 → "2.7 s, should be under 2 s."
 */
export function describeCheckError(name: string, code: string, detail: unknown, value?: unknown): string {
  const unit = infoOf(name)?.unit;
  const min = detailNumber(detail, 'min');
  const max = detailNumber(detail, 'max');
  const sentence = (found: string, expected: string | null) => (expected ? `${found}, ${expected}.` : `${found}.`);
  switch (code) {
    case 'missing':
      return describeMissing(name, detail, value);
    case 'length': {
      const length = typeof value === 'string' ? [...value].length : null;
      const found =
        length !== null ? `${formatNumber(length)} characters` : 'The length is outside the recommended range';
      const chars = length === null ? ' characters' : '';
      if (min !== null && min > 1 && max !== null)
        return sentence(found, `should be ${formatNumber(min)} to ${formatNumber(max)}${chars}`);
      if (max !== null) return sentence(found, `should be at most ${formatNumber(max)}${chars}`);
      if (min !== null) return sentence(found, `should be at least ${formatNumber(min)}${chars}`);
      return sentence(found, null);
    }
    case 'too_many': {
      const n = countOf(name, value);
      const found = n !== null && name !== 'title' ? counted(n, unit) : `More ${unit?.[1] ?? 'items'} than recommended`;
      return sentence(found, max !== null ? `should be at most ${formatNumber(max)}` : null);
    }
    case 'too_few': {
      const n = countOf(name, value);
      const found = n !== null ? counted(n, unit) : `Fewer ${unit?.[1] ?? 'items'} than recommended`;
      return sentence(found, min !== null ? `should be at least ${formatNumber(min)}` : null);
    }
    case 'too_small': {
      const percent = name === 'text_html_ratio';
      const shown = (n: number) => (percent ? `${formatNumber(n, 2)} %` : formatNumber(n, 2));
      const found = isFiniteNumber(value) ? shown(value) : 'Too small';
      return sentence(found, min !== null ? `should be at least ${shown(min)}` : null);
    }
    case 'too_slow':
      return sentence(
        isFiniteNumber(value) ? seconds(value) : 'Too slow',
        max !== null ? `should be under ${seconds(max)}` : null,
      );
    case 'too_large':
      return sentence(
        isFiniteNumber(value) ? formatBytes(value) : 'Too large',
        max !== null ? `should be at most ${formatBytes(max)}` : null,
      );
    case 'duplicate':
      return name === 'headings'
        ? 'The same heading appears more than once, each should be unique.'
        : 'Some values appear more than once, each should be unique.';
    case 'bad_format': {
      if (name === 'seo_friendly_url')
        return 'Not search-friendly, the address should be short, lower-case words joined by hyphens.';
      const n = countOf(name, value);
      if (name === 'image_format')
        return `${n ? counted(n, unit) : 'Some images'} in older formats, should be WebP or AVIF.`;
      return 'Not in the expected format.';
    }
    case 'bad_tags': {
      const view = describeCheckValue(name, value);
      if (view.kind === 'pairs' && view.pairs.length > 0)
        return `Deprecated tags: ${view.pairs.map((pair) => `${pair.label} ${pair.text ?? ''}`.trim()).join(', ')}; should be none.`;
      return 'Deprecated HTML tags are used, should be none.';
    }
    case 'failed':
      return describeFailed(name, value);
    default:
      return `${humanCode(code)}${readableDetail(detail)}.`;
  }
}

/** Every problem of a check; a failed check without codes still says it failed. */
export function describeCheckErrors(check: Pick<Check, 'name' | 'passed' | 'errors' | 'value'>): string[] {
  const messages = Object.entries(check.errors).map(([code, detail]) =>
    describeCheckError(check.name, code, detail, check.value),
  );
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

export function checkGroupTitle(id: CheckGroupId): string {
  return CHECK_GROUPS.find((group) => group.id === id)?.title ?? 'Other';
}

const importanceRank = (check: Check) => (check.importance ? IMPORTANCE_ORDER[check.importance] : 3);
const groupRank = (check: Check) => CHECK_GROUPS.findIndex((group) => group.id === checkGroupOf(check.name));

export interface Findings {
  /** Failed checks of every group: high importance first, then medium, low, unrated; then by group. */
  issues: Check[];
  /** Checks whose outcome the service sent in a shape we do not know. */
  unknown: Check[];
  /** Passed checks in the service's groups. */
  passed: CheckGroup[];
}

/** A report's checks as the page shows them: what to fix first, then the rest. */
export function splitFindings(checks: readonly Check[]): Findings {
  // Array sort is stable: equal importance and group keep the service's order.
  const issues = checks
    .filter((check) => check.passed === false)
    .sort((a, b) => importanceRank(a) - importanceRank(b) || groupRank(a) - groupRank(b));
  return {
    issues,
    unknown: checks.filter((check) => check.passed === null).sort((a, b) => groupRank(a) - groupRank(b)),
    passed: groupChecks(checks.filter((check) => check.passed === true)),
  };
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
