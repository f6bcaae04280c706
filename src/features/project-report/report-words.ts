import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Importance, Rating } from '../../api';
import { checkTitle } from '../../lib/checks';
import { formatDate, formatNumber } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { startOfDay } from '../audit';

/**
 * The words of the client report that the dashboard's shared parts say in English elsewhere
 * (rating words, importance, check names, page counts, dates), in the report's language: each
 * takes the instance of Lingui the report speaks (`useLingui().i18n` inside it). The English of
 * each is the dashboard's own (lib/rating.ts, lib/checks.ts; a unit test holds them equal), until
 * those become messages of the dashboard's catalogs.
 */

const RATING_WORDS: Record<Rating, MessageDescriptor> = {
  good: msg`Good`,
  decent: msg`Decent`,
  bad: msg`Bad`,
};

/** "Good 84", "Bueno 84"; the word alone without a score, the score alone without a rating. */
export function ratingWords(i18n: I18n, rating: Rating | null, score: number | null): string {
  if (!rating) return score === null ? i18n._(msg`Not rated`) : formatNumber(score, 0, i18n.locale as Locale);
  const word = i18n._(RATING_WORDS[rating]);
  return score === null ? word : `${word} ${formatNumber(score, 0, i18n.locale as Locale)}`;
}

const IMPORTANCE_WORDS: Record<Importance, MessageDescriptor> = {
  high: msg`High`,
  medium: msg`Medium`,
  low: msg`Low`,
};

/** "High", "Alta"; "Not stated" when the service did not say. */
export function importanceWords(i18n: I18n, importance: Importance | null): string {
  return i18n._(importance ? IMPORTANCE_WORDS[importance] : msg`Not stated`);
}

/** "3 pages", "3 páginas", "3 страницы". */
export function pagesWords(i18n: I18n, count: number): string {
  return i18n._(msg({ message: plural(count, { one: '# page', other: '# pages' }) }));
}

/** The checks the service runs (shared/spec/api-v1-observed.md), by name. */
const CHECK_TITLES: Record<string, MessageDescriptor> = {
  title: msg`Title`,
  meta_description: msg`Meta description`,
  headings: msg`Headings`,
  content_keywords: msg`Content keywords`,
  image_keywords: msg`Image keywords`,
  seo_friendly_url: msg`SEO-friendly URL`,
  '404_page': msg`404 page`,
  robots: msg`Robots.txt`,
  noindex: msg`Noindex`,
  in_page_links: msg`In-page links`,
  language: msg`Language`,
  favicon: msg`Favicon`,
  text_compression: msg`Text compression`,
  load_time: msg`Load time`,
  page_size: msg`Page size`,
  http_requests: msg`HTTP requests`,
  image_format: msg`Image format`,
  defer_javascript: msg`Defer JavaScript`,
  dom_size: msg`DOM size`,
  https_encryption: msg`HTTPS encryption`,
  gsb: msg`Google Safe Browsing`,
  plaintext_email: msg`Plaintext email`,
  structured_data: msg`Structured data`,
  meta_viewport: msg`Meta viewport`,
  charset: msg`Charset`,
  sitemap: msg`Sitemap`,
  social: msg`Social`,
  content_length: msg`Content length`,
  text_html_ratio: msg`Text to HTML ratio`,
  inline_css: msg`Inline CSS`,
  deprecated_html_tags: msg`Deprecated HTML tags`,
};

/** The names the report knows, for the test that holds their English to the dashboard's. */
export const TITLED_CHECKS = Object.keys(CHECK_TITLES);

/** "Meta description", "Meta-Beschreibung"; a check the dashboard does not know as lib/checks.ts names it. */
export function checkTitleIn(i18n: I18n, check: string): string {
  const title = Object.hasOwn(CHECK_TITLES, check) ? CHECK_TITLES[check] : undefined;
  return title ? i18n._(title) : checkTitle(check);
}

/** "Nov 26, 2026", "26 nov 2026": a picked day (YYYY-MM-DD), in the browser's time zone as it was picked. */
export function dayWords(day: string, locale: Locale): string {
  const start = startOfDay(day);
  return (start === null ? null : formatDate(start, locale)) ?? day;
}
