import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Rating } from '../../api';
import { formatDate, formatNumber } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { startOfDay } from '../audit';

/**
 * The words of the client report that the dashboard's shared parts say in English elsewhere
 * (rating words, page counts, dates), in the report's language: each takes the instance of Lingui
 * the report speaks (`useLingui().i18n` inside it). The English of each is the dashboard's own
 * (lib/rating.ts; a unit test holds them equal), until those become messages of the dashboard's
 * catalogs. The checks' words (titles, importance, guidance) are lib/checks.ts' and
 * lib/check-guide.ts' own, given the same instance: the report says the `checks` catalog.
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

/** "3 pages", "3 páginas", "3 страницы". */
export function pagesWords(i18n: I18n, count: number): string {
  return i18n._(msg({ message: plural(count, { one: '# page', other: '# pages' }) }));
}

/** "Nov 26, 2026", "26 nov 2026": a picked day (YYYY-MM-DD), in the browser's time zone as it was picked. */
export function dayWords(day: string, locale: Locale): string {
  const start = startOfDay(day);
  return (start === null ? null : formatDate(start, locale)) ?? day;
}
