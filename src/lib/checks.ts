import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Check, Importance } from './service-types';
import { englishCheckWords } from './check-catalog';
import { formatNumber as formatNumberIn } from './i18n/format';
import type { Locale } from './i18n/locales';

/**
 * Everything the dashboard knows about the service's checks: human titles, the service's own
 * grouping, and plain-word renderings of values and error codes. Pure functions only, so each
 * rule is unit-tested. Names, values and codes it does not know are rendered generically:
 * other versions of the service add checks, and one unknown shape must never break the page.
 *
 * The words are messages of the `checks` catalog (./check-catalog.ts). Each function takes the
 * instance of Lingui to say them in, last: a component passes `useLingui().i18n` (the dashboard's
 * language, or a client report's), after `useCatalog(checksCatalog)`. Without one they are in
 * English, what the CSV files and the copied Markdown keep as stable keys.
 */

export type CheckGroupId = 'seo' | 'performance' | 'security' | 'misc' | 'other';

/** What a check counts: "1 link", "212 links" (`count`), and the plural noun alone (`many`). */
interface Unit {
  count: (n: number) => MessageDescriptor;
  many: MessageDescriptor;
}

interface CheckInfo {
  title: MessageDescriptor;
  group: Exclude<CheckGroupId, 'other'>;
  /** What a value of null, "" or an empty list means for this check. */
  empty?: MessageDescriptor;
  /** What the check counts, for found-versus-expected wording. */
  unit?: Unit;
  format?: (value: unknown, i18n: I18n) => ValueView | null;
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

/** A number in the instance's language: "1,234.5", "1.234,5". */
const formatNumber = (n: number, i18n: I18n, maxFractionDigits?: number) =>
  formatNumberIn(n, maxFractionDigits, i18n.locale as Locale);

/** "2.7 seconds", "2,7 Sekunden". */
export function formatSeconds(seconds: number, i18n: I18n = englishCheckWords): string {
  const shown = formatNumber(seconds, i18n, 2);
  return i18n._(msg({ message: plural(seconds, { one: `${shown} second`, other: `${shown} seconds` }) }));
}

/** Decimal units, as the service's limits are written (330000 bytes = 330 kB). */
export function formatBytes(bytes: number, i18n: I18n = englishCheckWords): string {
  if (Math.abs(bytes) < 1000) {
    const shown = formatNumber(bytes, i18n);
    return i18n._(msg({ message: plural(bytes, { one: `${shown} byte`, other: `${shown} bytes` }) }));
  }
  // kB and MB are written alike in every language of the dashboard; the number is not.
  if (Math.abs(bytes) < 1_000_000) return `${formatNumber(bytes / 1000, i18n, 1)} kB`;
  return `${formatNumber(bytes / 1_000_000, i18n, 1)} MB`;
}

/** Compact JSON, for values of a shape we do not know. Never throws. */
export function toPlainJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const noneWord = (i18n: I18n) => i18n._(msg({ message: 'None', comment: 'A check found nothing (an empty value)' }));

function primitiveText(value: unknown, i18n: I18n): string | null {
  if (typeof value === 'string') return value;
  if (isFiniteNumber(value)) return formatNumber(value, i18n);
  if (typeof value === 'boolean')
    return value
      ? i18n._(msg({ message: 'Yes', comment: 'A value the service found true' }))
      : i18n._(msg({ message: 'No', comment: 'A value the service found false' }));
  if (value === null) return noneWord(i18n);
  return null;
}

const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function pairOf(label: string, value: unknown, i18n: I18n): ValuePair {
  const text = primitiveText(value, i18n);
  if (text !== null) return { label, text };
  if (Array.isArray(value) && value.every(isPrimitive)) {
    return value.length === 0
      ? { label, text: noneWord(i18n) }
      : { label, items: value.map((item) => primitiveText(item, i18n) ?? '') };
  }
  if (isRecord(value) && Object.values(value).every(isPrimitive)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? { label, text: noneWord(i18n) }
      : { label, items: entries.map(([key, item]) => `${key}: ${primitiveText(item, i18n) ?? ''}`) };
  }
  return { label, text: toPlainJson(value) };
}

/** Any JSON value, in the most human form its shape allows (`empty`: what nothing means, "None" by default). */
export function describeGenericValue(value: unknown, empty?: string, i18n: I18n = englishCheckWords): ValueView {
  const nothing = () => ({ kind: 'none' as const, text: empty ?? noneWord(i18n) });
  if (value === null || value === undefined || value === '') return nothing();
  const text = primitiveText(value, i18n);
  if (text !== null) return { kind: 'text', text };
  if (Array.isArray(value)) {
    if (value.length === 0) return nothing();
    if (value.every(isPrimitive)) return { kind: 'list', items: value.map((item) => primitiveText(item, i18n) ?? '') };
    return { kind: 'raw', text: toPlainJson(value) };
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return nothing();
    return { kind: 'pairs', pairs: entries.map(([key, item]) => pairOf(key, item, i18n)) };
  }
  return { kind: 'raw', text: toPlainJson(value) };
}

const numberAs =
  (render: (n: number, i18n: I18n) => string) =>
  (value: unknown, i18n: I18n): ValueView | null =>
    isFiniteNumber(value) ? { kind: 'text', text: render(value, i18n) } : null;

const UNITS = {
  titleTag: {
    count: (n: number) => msg({ message: plural(n, { one: '# title tag', other: '# title tags' }) }),
    many: msg({
      message: 'title tags',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  h1: {
    count: (n: number) => msg({ message: plural(n, { one: '# H1 heading', other: '# H1 headings' }) }),
    many: msg({
      message: 'H1 headings',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  image: {
    count: (n: number) => msg({ message: plural(n, { one: '# image', other: '# images' }) }),
    many: msg({
      message: 'images',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  link: {
    count: (n: number) => msg({ message: plural(n, { one: '# link', other: '# links' }) }),
    many: msg({
      message: 'links',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  request: {
    count: (n: number) => msg({ message: plural(n, { one: '# request', other: '# requests' }) }),
    many: msg({
      message: 'requests',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  script: {
    count: (n: number) => msg({ message: plural(n, { one: '# script', other: '# scripts' }) }),
    many: msg({
      message: 'scripts',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  element: {
    count: (n: number) => msg({ message: plural(n, { one: '# element', other: '# elements' }) }),
    many: msg({
      message: 'elements',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  email: {
    count: (n: number) => msg({ message: plural(n, { one: '# email address', other: '# email addresses' }) }),
    many: msg({
      message: 'email addresses',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  word: {
    count: (n: number) => msg({ message: plural(n, { one: '# word', other: '# words' }) }),
    many: msg({
      message: 'words',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
  inlineStyle: {
    count: (n: number) => msg({ message: plural(n, { one: '# inline style', other: '# inline styles' }) }),
    many: msg({
      message: 'inline styles',
      comment: 'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
    }),
  },
} satisfies Record<string, Unit>;

const CHECKS: Record<string, CheckInfo> = {
  title: { title: msg`Title`, group: 'seo', empty: msg`No title`, unit: UNITS.titleTag },
  meta_description: { title: msg`Meta description`, group: 'seo', empty: msg`No meta description` },
  headings: {
    title: msg`Headings`,
    group: 'seo',
    empty: msg`No headings`,
    unit: UNITS.h1,
    format: (value, i18n) => {
      if (!isRecord(value)) return null;
      const levels = Object.entries(value);
      if (levels.length === 0) return { kind: 'none', text: i18n._(msg`No headings`) };
      return {
        kind: 'pairs',
        pairs: levels.map(([level, headings]) => {
          const label = /^h\d$/i.test(level) ? level.toUpperCase() : level;
          return Array.isArray(headings) && headings.length > 0 && headings.every(isPrimitive)
            ? {
                label: `${label} (${formatNumber(headings.length, i18n)})`,
                items: headings.map((h) => primitiveText(h, i18n) ?? ''),
              }
            : Array.isArray(headings) && headings.length === 0
              ? { label, text: noneWord(i18n) }
              : pairOf(label, headings, i18n);
        }),
      };
    },
  },
  content_keywords: { title: msg`Content keywords`, group: 'seo', empty: msg`No keywords` },
  image_keywords: {
    title: msg`Image keywords`,
    group: 'seo',
    empty: msg`Every image has alt text`,
    unit: UNITS.image,
  },
  seo_friendly_url: { title: msg`SEO-friendly URL`, group: 'seo' },
  '404_page': { title: msg`404 page`, group: 'seo', empty: msg`No custom 404 page` },
  robots: { title: msg`Robots.txt`, group: 'seo', empty: msg`Not blocked` },
  noindex: { title: msg`Noindex`, group: 'seo', empty: msg`No noindex directive` },
  in_page_links: {
    title: msg`In-page links`,
    group: 'seo',
    unit: UNITS.link,
    format: (value, i18n) => {
      if (!isRecord(value)) return null;
      const { count, ...rest } = value;
      const view = describeGenericValue(rest, undefined, i18n);
      const pairs = view.kind === 'pairs' ? view.pairs : [];
      return isFiniteNumber(count)
        ? { kind: 'pairs', summary: counted(count, UNITS.link, i18n), pairs }
        : { kind: 'pairs', pairs };
    },
  },
  language: { title: msg`Language`, group: 'seo', empty: msg`No language declared` },
  favicon: { title: msg`Favicon`, group: 'seo', empty: msg`No favicon` },
  text_compression: { title: msg`Text compression`, group: 'performance', empty: msg`Not compressed` },
  load_time: { title: msg`Load time`, group: 'performance', format: numberAs(formatSeconds) },
  page_size: { title: msg`Page size`, group: 'performance', format: numberAs(formatBytes) },
  http_requests: {
    title: msg`HTTP requests`,
    group: 'performance',
    unit: UNITS.request,
    format: (value, i18n) => {
      if (!isRecord(value) || !Object.values(value).every(isFiniteNumber)) return null;
      const counts = Object.entries(value) as [string, number][];
      const total = counts.reduce((sum, [, n]) => sum + n, 0);
      return {
        kind: 'pairs',
        summary: counted(total, UNITS.request, i18n),
        pairs: counts.map(([label, n]) => ({ label, text: formatNumber(n, i18n) })),
      };
    },
  },
  image_format: {
    title: msg`Image format`,
    group: 'performance',
    empty: msg`No images in old formats`,
    unit: UNITS.image,
  },
  defer_javascript: {
    title: msg`Defer JavaScript`,
    group: 'performance',
    empty: msg`No render-blocking scripts`,
    unit: UNITS.script,
  },
  dom_size: {
    title: msg`DOM size`,
    group: 'performance',
    unit: UNITS.element,
    format: numberAs((n, i18n) => counted(n, UNITS.element, i18n)),
  },
  https_encryption: { title: msg`HTTPS encryption`, group: 'security' },
  gsb: { title: msg`Google Safe Browsing`, group: 'security', empty: msg`No threats found` },
  plaintext_email: {
    title: msg`Plaintext email`,
    group: 'security',
    empty: msg`No email addresses in plain text`,
    unit: UNITS.email,
  },
  structured_data: { title: msg`Structured data`, group: 'misc', empty: msg`No structured data` },
  meta_viewport: { title: msg`Meta viewport`, group: 'misc', empty: msg`No viewport set` },
  charset: { title: msg`Charset`, group: 'misc', empty: msg`No charset declared` },
  sitemap: { title: msg`Sitemap`, group: 'misc', empty: msg`No sitemap` },
  social: { title: msg`Social`, group: 'misc', empty: msg`No social links` },
  content_length: {
    title: msg`Content length`,
    group: 'misc',
    unit: UNITS.word,
    format: numberAs((n, i18n) => counted(n, UNITS.word, i18n)),
  },
  text_html_ratio: {
    title: msg`Text to HTML ratio`,
    group: 'misc',
    format: numberAs((n, i18n) => percentOf(n, i18n)),
  },
  inline_css: { title: msg`Inline CSS`, group: 'misc', empty: msg`No inline CSS`, unit: UNITS.inlineStyle },
  deprecated_html_tags: {
    title: msg`Deprecated HTML tags`,
    group: 'misc',
    empty: msg`No deprecated tags`,
    format: (value, i18n) => {
      if (!isRecord(value) || !Object.values(value).every(isFiniteNumber)) return null;
      const tags = Object.entries(value) as [string, number][];
      if (tags.length === 0) return { kind: 'none', text: i18n._(msg`No deprecated tags`) };
      return {
        kind: 'pairs',
        pairs: tags.map(([tag, n]) => {
          const times = formatNumber(n, i18n);
          return {
            label: `<${tag}>`,
            text: i18n._(
              msg({
                message: plural(n, { one: 'once', other: `${times} times` }),
                comment: 'How many times a deprecated HTML tag is used on the page',
              }),
            ),
          };
        }),
      };
    },
  },
};

/** A percentage the service sends as a number of percent (12.5 → "12.5 %", "12,5 %"). */
function percentOf(n: number, i18n: I18n): string {
  const shown = formatNumber(n, i18n, 2);
  return i18n._(msg({ message: `${shown} %`, comment: 'A number of percent, as the service sends it' }));
}

const GROUP_TITLES: Record<CheckGroupId, MessageDescriptor> = {
  seo: msg({ message: 'SEO', comment: 'A group of checks' }),
  performance: msg({ message: 'Performance', comment: 'A group of checks' }),
  security: msg({ message: 'Security', comment: 'A group of checks' }),
  misc: msg({ message: 'Miscellaneous', comment: 'A group of checks' }),
  other: msg({ message: 'Other', comment: 'A group of checks the dashboard does not know' }),
};

/** The service's groups of checks, in its order (`checkGroupTitle` says each). */
export const CHECK_GROUPS: readonly { id: CheckGroupId }[] = [
  { id: 'seo' },
  { id: 'performance' },
  { id: 'security' },
  { id: 'misc' },
  { id: 'other' },
];

function infoOf(name: string): CheckInfo | undefined {
  return Object.hasOwn(CHECKS, name) ? CHECKS[name] : undefined;
}

/** A known check's title, to say in an instance of Lingui; undefined for a check the dashboard does not know. */
export function checkTitleMessage(name: string): MessageDescriptor | undefined {
  return infoOf(name)?.title;
}

/** "meta_description" → "Meta description"; unknown names are made readable the same way. */
export function checkTitle(name: string, i18n: I18n = englishCheckWords): string {
  const known = infoOf(name)?.title;
  if (known) return i18n._(known);
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : i18n._(msg`(unnamed check)`);
}

/** Whether the dashboard knows the check (one of the service's documented ones). */
export function isKnownCheck(name: string): boolean {
  return infoOf(name) !== undefined;
}

export function checkGroupOf(name: string): CheckGroupId {
  return infoOf(name)?.group ?? 'other';
}

export function describeCheckValue(name: string, value: unknown, i18n: I18n = englishCheckWords): ValueView {
  const info = infoOf(name);
  const empty = i18n._(info?.empty ?? msg({ message: 'None', comment: 'A check found nothing (an empty value)' }));
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return { kind: 'none', text: empty };
  }
  // A known check whose value has an unexpected shape falls back to the generic rendering.
  return info?.format?.(value, i18n) ?? describeGenericValue(value, empty, i18n);
}

const SHORT_VALUE_LENGTH = 80;
const cut = (text: string) => (text.length > SHORT_VALUE_LENGTH ? `${text.slice(0, SHORT_VALUE_LENGTH - 1)}…` : text);

/** A value in one short line, for a comparison table cell: "2.7 seconds", "coffee, guide", "3 items". */
export function summariseValue(name: string, value: unknown, i18n: I18n = englishCheckWords): string {
  const view = describeCheckValue(name, value, i18n);
  switch (view.kind) {
    case 'none':
    case 'text':
    case 'raw':
      return cut(view.text);
    case 'list': {
      const joined = view.items.join(', ');
      const count = view.items.length;
      return joined.length <= SHORT_VALUE_LENGTH
        ? joined
        : i18n._(
            msg({
              message: plural(count, { one: '# item', other: '# items' }),
              comment: 'Items of a list a check found',
            }),
          );
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
function counted(n: number, unit: Unit | undefined, i18n: I18n): string {
  return unit ? i18n._(unit.count(n)) : formatNumber(n, i18n);
}

/** "2.7 s": a short form, for a sentence that says the limit too. */
function seconds(n: number, i18n: I18n): string {
  const shown = formatNumber(n, i18n, 2);
  return i18n._(msg({ message: `${shown} s`, comment: 'A number of seconds, short' }));
}

/** "MALWARE" → "malware", "SOCIAL_ENGINEERING" → "social engineering". */
const lowerWords = (code: string) => code.replace(/[_-]+/g, ' ').trim().toLowerCase();

function humanCode(code: string, i18n: I18n): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words
    ? words.charAt(0).toUpperCase() + words.slice(1)
    : i18n._(msg({ message: 'Problem', comment: 'A problem of a check, with no name' }));
}

/** An unknown code's detail, readably: "(limit: 3)", ": something", or compact JSON. */
function readableDetail(detail: unknown, i18n: I18n): string {
  if (detail === null || detail === undefined || detail === '') return '';
  const text = primitiveText(detail, i18n);
  if (text !== null) return `: ${text}`;
  if (isRecord(detail) && Object.values(detail).every(isPrimitive)) {
    const entries = Object.entries(detail);
    return entries.length === 0
      ? ''
      : ` (${entries.map(([key, item]) => `${key}: ${primitiveText(item, i18n)}`).join(', ')})`;
  }
  if (Array.isArray(detail) && detail.every(isPrimitive))
    return `: ${detail.map((item) => primitiveText(item, i18n)).join(', ')}`;
  return `: ${toPlainJson(detail)}`;
}

/** What a "missing" finding says for each known check: what was found, and what is expected. */
const MISSING: Record<string, MessageDescriptor> = {
  title: msg`No title, a page should have one.`,
  meta_description: msg`No meta description, a page should have one.`,
  headings: msg`No H1 heading, a page should have exactly one.`,
  '404_page': msg`No custom 404 page, the site should have one.`,
  language: msg`No language declared, the page should declare one.`,
  favicon: msg`No favicon, the site should have one.`,
  text_compression: msg`Sent uncompressed, should be compressed (gzip or Brotli).`,
  https_encryption: msg`Served without HTTPS, should be HTTPS only.`,
  structured_data: msg`No structured data, the page should have some.`,
  meta_viewport: msg`No viewport meta tag, the page should have one so that it fits phone screens.`,
  charset: msg`No character set declared, the page should declare one.`,
  social: msg`No links to social profiles, the page should have some.`,
};

function describeMissing(name: string, detail: unknown, value: unknown, i18n: I18n): string {
  const items = listOfStrings(detail);
  if (name === 'content_keywords' && items) {
    const keywords = items.join(', ');
    return i18n._(msg`Not in the page's text: ${keywords}. Each should appear in it.`);
  }
  if (name === 'image_keywords' || name === 'defer_javascript') {
    const n = countOf(name, value) ?? items?.length ?? null;
    if (name === 'image_keywords')
      return n !== null && n > 0
        ? i18n._(
            msg({
              message: plural(n, {
                one: '# image without alt text, should be none.',
                other: '# images without alt text, should be none.',
              }),
            }),
          )
        : i18n._(msg`Some images without alt text, should be none.`);
    return n !== null && n > 0
      ? i18n._(
          msg({
            message: plural(n, {
              one: '# script load without defer or async, should be none.',
              other: '# scripts load without defer or async, should be none.',
            }),
          }),
        )
      : i18n._(msg`Some scripts load without defer or async, should be none.`);
  }
  if (items) {
    const missing = items.join(', ');
    return i18n._(msg`Missing: ${missing}.`);
  }
  const known = MISSING[name];
  if (known) return i18n._(known);
  const title = checkTitle(name, i18n);
  return i18n._(msg`${title}: not found.`);
}

function describeFailed(name: string, value: unknown, i18n: I18n): string {
  const items = listOfStrings(value);
  switch (name) {
    case 'robots': {
      if (!items) return i18n._(msg`Blocked by robots.txt, search engines should be allowed in.`);
      const rules = items.join('; ');
      return i18n._(msg`Blocked by robots.txt (${rules}), search engines should be allowed in.`);
    }
    case 'noindex': {
      const marker = typeof value === 'string' && value ? value : 'noindex';
      return i18n._(msg`Marked “${marker}”, should be open to search engines.`);
    }
    case 'gsb': {
      if (!items) return i18n._(msg`Listed as unsafe, should be on no list.`);
      // The service's threat codes, as it names them ("social engineering").
      const threats = items.map(lowerWords).join(', ');
      return i18n._(msg`Listed as unsafe (${threats}), should be on no list.`);
    }
    case 'sitemap':
      return i18n._(msg`No sitemap found, the site should have one.`);
    case 'plaintext_email': {
      const n = countOf(name, value);
      return n !== null && n > 0
        ? i18n._(
            msg({
              message: plural(n, {
                one: '# email address in plain text, should be none.',
                other: '# email addresses in plain text, should be none.',
              }),
            }),
          )
        : i18n._(msg`Some email addresses in plain text, should be none.`);
    }
    case 'inline_css': {
      const n = countOf(name, value);
      return n !== null && n > 0
        ? i18n._(
            msg({
              message: plural(n, {
                one: '# inline style, should be none.',
                other: '# inline styles, should be none.',
              }),
            }),
          )
        : i18n._(msg`Some inline styles, should be none.`);
    }
    default:
      return i18n._(msg`The check failed.`);
  }
}

/** "72 characters, should be at most 60.": what was found, then what is expected (if known). */
function sentence(i18n: I18n, found: string, expected: string | null): string {
  return expected
    ? i18n._(
        msg({
          message: `${found}, ${expected}.`,
          comment: 'What a check found ("72 characters"), then what is expected ("should be at most 60")',
        }),
      )
    : i18n._(msg({ message: `${found}.`, comment: 'What a check found, as a sentence' }));
}

/**
 * One error code of a check in plain words: what was found (from the value) against what is
 * expected (from the code's detail), e.g. too_slow {max: 2} with 2.7 → "2.7 s, should be under 2 s."
 */
export function describeCheckError(
  name: string,
  code: string,
  detail: unknown,
  value?: unknown,
  i18n: I18n = englishCheckWords,
): string {
  const unit = infoOf(name)?.unit;
  const min = detailNumber(detail, 'min');
  const max = detailNumber(detail, 'max');
  const number = (n: number) => formatNumber(n, i18n);
  const atMost = (limit: string) => i18n._(msg`should be at most ${limit}`);
  const atLeast = (limit: string) => i18n._(msg`should be at least ${limit}`);
  switch (code) {
    case 'missing':
      return describeMissing(name, detail, value, i18n);
    case 'length': {
      const length = typeof value === 'string' ? [...value].length : null;
      if (length === null) {
        const found = i18n._(msg`The length is outside the recommended range`);
        const from = min !== null ? number(min) : '';
        const to = max !== null ? number(max) : '';
        if (min !== null && min > 1 && max !== null)
          return sentence(i18n, found, i18n._(msg`should be ${from} to ${to} characters`));
        if (max !== null) return sentence(i18n, found, i18n._(msg`should be at most ${to} characters`));
        if (min !== null) return sentence(i18n, found, i18n._(msg`should be at least ${from} characters`));
        return sentence(i18n, found, null);
      }
      const found = i18n._(
        msg({ message: plural(length, { one: '# character', other: '# characters' }), comment: 'A text’s length' }),
      );
      if (min !== null && min > 1 && max !== null) {
        const from = number(min);
        const to = number(max);
        return sentence(i18n, found, i18n._(msg`should be ${from} to ${to}`));
      }
      if (max !== null) return sentence(i18n, found, atMost(number(max)));
      if (min !== null) return sentence(i18n, found, atLeast(number(min)));
      return sentence(i18n, found, null);
    }
    case 'too_many': {
      const n = countOf(name, value);
      const things = i18n._(
        unit?.many ??
          msg({
            message: 'items',
            comment:
              'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
          }),
      );
      const found =
        n !== null && name !== 'title' ? counted(n, unit, i18n) : i18n._(msg`More ${things} than recommended`);
      return sentence(i18n, found, max !== null ? atMost(number(max)) : null);
    }
    case 'too_few': {
      const n = countOf(name, value);
      const things = i18n._(
        unit?.many ??
          msg({
            message: 'items',
            comment:
              'A plural noun after "More", "Fewer" (More {things} than recommended); in Russian the genitive plural',
          }),
      );
      const found = n !== null ? counted(n, unit, i18n) : i18n._(msg`Fewer ${things} than recommended`);
      return sentence(i18n, found, min !== null ? atLeast(number(min)) : null);
    }
    case 'too_small': {
      const percent = name === 'text_html_ratio';
      const shown = (n: number) => (percent ? percentOf(n, i18n) : formatNumber(n, i18n, 2));
      const found = isFiniteNumber(value) ? shown(value) : i18n._(msg`Too small`);
      return sentence(i18n, found, min !== null ? atLeast(shown(min)) : null);
    }
    case 'too_slow': {
      const limit = max !== null ? seconds(max, i18n) : null;
      return sentence(
        i18n,
        isFiniteNumber(value) ? seconds(value, i18n) : i18n._(msg`Too slow`),
        limit !== null ? i18n._(msg`should be under ${limit}`) : null,
      );
    }
    case 'too_large': {
      const limit = max !== null ? formatBytes(max, i18n) : null;
      return sentence(
        i18n,
        isFiniteNumber(value) ? formatBytes(value, i18n) : i18n._(msg`Too large`),
        limit !== null ? atMost(limit) : null,
      );
    }
    case 'duplicate':
      return name === 'headings'
        ? i18n._(msg`The same heading appears more than once, each should be unique.`)
        : i18n._(msg`Some values appear more than once, each should be unique.`);
    case 'bad_format': {
      if (name === 'seo_friendly_url')
        return i18n._(msg`Not search-friendly, the address should be short, lower-case words joined by hyphens.`);
      const n = countOf(name, value);
      if (name === 'image_format')
        return n
          ? i18n._(
              msg({
                message: plural(n, {
                  one: '# image in older formats, should be WebP or AVIF.',
                  other: '# images in older formats, should be WebP or AVIF.',
                }),
              }),
            )
          : i18n._(msg`Some images in older formats, should be WebP or AVIF.`);
      return i18n._(msg`Not in the expected format.`);
    }
    case 'bad_tags': {
      const view = describeCheckValue(name, value, i18n);
      if (view.kind === 'pairs' && view.pairs.length > 0) {
        const tags = view.pairs.map((pair) => `${pair.label} ${pair.text ?? ''}`.trim()).join(', ');
        return i18n._(msg`Deprecated tags: ${tags}; should be none.`);
      }
      return i18n._(msg`Deprecated HTML tags are used, should be none.`);
    }
    case 'failed':
      return describeFailed(name, value, i18n);
    default:
      return `${humanCode(code, i18n)}${readableDetail(detail, i18n)}.`;
  }
}

/** Every problem of a check; a failed check without codes still says it failed. */
export function describeCheckErrors(
  check: Pick<Check, 'name' | 'passed' | 'errors' | 'value'>,
  i18n: I18n = englishCheckWords,
): string[] {
  const messages = Object.entries(check.errors).map(([code, detail]) =>
    describeCheckError(check.name, code, detail, check.value, i18n),
  );
  if (messages.length === 0 && check.passed === false) return [i18n._(msg`The check did not pass.`)];
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

export function checkGroupTitle(id: CheckGroupId, i18n: I18n = englishCheckWords): string {
  return i18n._(GROUP_TITLES[id]);
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
export function splitFindings(checks: readonly Check[], i18n: I18n = englishCheckWords): Findings {
  // Array sort is stable: equal importance and group keep the service's order.
  const issues = checks
    .filter((check) => check.passed === false)
    .sort((a, b) => importanceRank(a) - importanceRank(b) || groupRank(a) - groupRank(b));
  return {
    issues,
    unknown: checks.filter((check) => check.passed === null).sort((a, b) => groupRank(a) - groupRank(b)),
    passed: groupChecks(
      checks.filter((check) => check.passed === true),
      i18n,
    ),
  };
}

/** The checks in the service's groups (empty groups left out), failed first in each. */
export function groupChecks(checks: readonly Check[], i18n: I18n = englishCheckWords): CheckGroup[] {
  return CHECK_GROUPS.map(({ id }) => ({
    id,
    title: checkGroupTitle(id, i18n),
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

function byImportance(counts: ImportanceCounts, i18n: I18n): string {
  const parts = (['high', 'medium', 'low'] as const)
    .filter((importance) => counts[importance] > 0)
    .map((importance) => {
      const count = counts[importance];
      return i18n._(
        importance === 'high'
          ? msg({ message: `${count} high`, comment: 'Checks of high importance' })
          : importance === 'medium'
            ? msg({ message: `${count} medium`, comment: 'Checks of medium importance' })
            : msg({ message: `${count} low`, comment: 'Checks of low importance' }),
      );
    });
  if (counts.unknown > 0) {
    const count = counts.unknown;
    parts.push(i18n._(msg({ message: `${count} unrated`, comment: 'Checks whose importance is not stated' })));
  }
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** "20 passed (9 high, 8 medium, 3 low), 11 failed (4 high, 6 medium, 1 low)". */
export function formatCheckSummary(summary: CheckSummary, i18n: I18n = englishCheckWords): string {
  const passed = summary.passed.total;
  const failed = summary.failed.total;
  const unknown = summary.unknown;
  const parts = [
    i18n._(msg({ message: `${passed} passed`, comment: 'Checks passed' })) + byImportance(summary.passed, i18n),
    i18n._(msg({ message: `${failed} failed`, comment: 'Checks failed' })) + byImportance(summary.failed, i18n),
  ];
  if (unknown > 0) parts.push(i18n._(msg`${unknown} of unknown outcome`));
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
export function describeFinding(
  check: Pick<Check, 'name' | 'passed' | 'errors' | 'value'>,
  maxLength = 200,
  i18n: I18n = englishCheckWords,
): string {
  const problems = describeCheckErrors(check, i18n).join(' ');
  const view = describeCheckValue(check.name, check.value, i18n);
  const found = viewText(view);
  // An empty value ("No meta description") only repeats what the problem says.
  const text = view.kind === 'none' ? problems : i18n._(msg`${problems} Found: ${found}`);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

const IMPORTANCE_WORDS: Record<Importance, MessageDescriptor> = { high: msg`High`, medium: msg`Medium`, low: msg`Low` };

/** "High", "Medium", "Low", or "Not stated" when the service did not say. */
export function importanceLabel(importance: Importance | null, i18n: I18n = englishCheckWords): string {
  return i18n._(importance ? IMPORTANCE_WORDS[importance] : msg`Not stated`);
}
