import { formatDateTime as englishDateTime, formatRelative as englishRelative, groupDigits } from '../format';
import { activeLocale } from './i18n';
import { tagOf } from './locale-tag';
import { SOURCE_LANGUAGE, type Locale } from './locales';

/**
 * Dates, times, relative times, numbers, percentages, lists and the order of names, written by
 * Intl for the language on screen (docs/decisions/0101-i18n-library.md). The only place in the
 * app that makes an Intl object: each is made on first use, not at import (the first one of a page
 * loads the locale's data, a long task on a slow phone: docs/decisions/0047), and kept per locale
 * and options. Counted words ("3 reports", "3 отчёта") are messages with a plural (`plural` of
 * `@lingui/core/macro`), whose forms Lingui picks with `Intl.PluralRules`.
 *
 * Each function takes the locale last, the one on screen by default: a component that calls one
 * also calls `useLingui()`, so that it renders again on a switch.
 */

const made = new Map<string, unknown>();

function cached<T>(kind: string, locale: Locale, options: object | undefined, make: (tag: string) => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options ?? {})}`;
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) made.set(key, (formatter = make(tagOf(locale))));
  return formatter;
}

/** An ISO date as the API writes it, or milliseconds since 1970 as `Date.now()` gives them. */
export type Moment = string | number | Date;
const timeOf = (moment: Moment): number =>
  moment instanceof Date ? moment.getTime() : typeof moment === 'number' ? moment : Date.parse(moment);

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

function formatMoment(options: Intl.DateTimeFormatOptions, moment: Moment, locale: Locale): string | null {
  const time = timeOf(moment);
  if (Number.isNaN(time)) return null;
  return cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options)).format(time);
}

/** "Nov 20, 2026", "20.11.2026", "20 нояб. 2026 г.": null when the moment cannot be read. */
export const formatDate = (moment: Moment, locale = activeLocale()) => formatMoment(DATE, moment, locale);

/** "Nov 20, 2026, 10:05 AM", "20.11.2026, 10:05". */
export const formatDateTime = (moment: Moment, locale = activeLocale()) => formatMoment(DATE_TIME, moment, locale);

/** "10:05 AM", "10:05". */
export const formatTime = (moment: Moment, locale = activeLocale()) => formatMoment(TIME, moment, locale);

const UNITS: [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 days ago", "vor 3 Tagen", "yesterday", "gestern", "in 2 hours": in the largest unit the
 * distance fills, rounded; "now" under a second. Null when the moment cannot be read.
 */
export function formatRelative(moment: Moment, now: number = Date.now(), locale = activeLocale()): string | null {
  const seconds = (timeOf(moment) - now) / 1000;
  if (Number.isNaN(seconds)) return null;
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  const options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
  return cached('relative', locale, options, (tag) => new Intl.RelativeTimeFormat(tag, options)).format(
    // −0 would read "0 seconds ago" rather than "now".
    Math.round(seconds / size) || 0,
    unit,
  );
}

/** "1,234.5", "1.234,5", "1 234,5": at most `maxFractionDigits` decimals. */
export function formatNumber(value: number, maxFractionDigits = 3, locale = activeLocale()): string {
  const options: Intl.NumberFormatOptions = { maximumFractionDigits: maxFractionDigits };
  return cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}

/** A share (0.42) as "42%", "42 %": at most `maxFractionDigits` decimals. */
export function formatPercent(share: number, maxFractionDigits = 0, locale = activeLocale()): string {
  const options: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: maxFractionDigits };
  return cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(share);
}

/** "a, b, and c", "a, b und c", "a, b или c" (`type: 'disjunction'`). */
export function formatList(
  items: readonly string[],
  type: Intl.ListFormatType = 'conjunction',
  locale = activeLocale(),
): string {
  const options: Intl.ListFormatOptions = { type, style: 'long' };
  return cached('list', locale, options, (tag) => new Intl.ListFormat(tag, options)).format(items);
}

/**
 * Names in the order a reader of the language expects ("Ärzte" beside "arzt", "page 2" before
 * "page 10"), then as written, so that the order is total: for `Array.prototype.sort`.
 */
export function compareNames(a: string, b: string, locale = activeLocale()): number {
  const options: Intl.CollatorOptions = { numeric: true, sensitivity: 'base' };
  const collator = cached('collator', locale, options, (tag) => new Intl.Collator(tag, options));
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

// What the first rows of a list and the parts loaded beside them show: in English written by hand
// (../format.ts), as the first paint needs it without Intl's first, long task (decision 0047); in
// another language by Intl, whose locale data that language pays for.

/** A moment as a list's row shows it: "3 days ago" / "vor 3 Tagen", and the exact time. */
export function momentInWords(iso: string, locale = activeLocale()): { exact: string; relative: string } {
  if (locale === SOURCE_LANGUAGE) return { exact: englishDateTime(iso), relative: englishRelative(iso) };
  const exact = formatDateTime(iso, locale);
  if (exact === null) return { exact: iso, relative: iso };
  return { exact, relative: formatRelative(iso, Date.now(), locale) ?? exact };
}

/** A whole number as a list's paging shows it: "1,234", "1.234", "1 234". */
export function formatWholeNumber(value: number, locale = activeLocale()): string {
  return locale === SOURCE_LANGUAGE ? groupDigits(String(value)) : formatNumber(value, 0, locale);
}
