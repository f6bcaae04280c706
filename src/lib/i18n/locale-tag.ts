import { PSEUDO_LOCALE, type Locale } from './locales';

// Apart from ./locales.ts, whose part the first paint needs: these are needed once a language is
// switched to or a formatter made, in chunks loaded later.

/** The tag `<html lang>` and Intl are given: the pseudo-locale is English to Intl (`en-XA`, as Android names it). */
export const tagOf = (locale: Locale): string => (locale === PSEUDO_LOCALE ? 'en-XA' : locale);

// Languages written right to left: none of the dashboard's yet, but `<html dir>` follows the
// language, so that one added later is laid out the right way (add it here).
const RIGHT_TO_LEFT = ['ar', 'fa', 'he', 'ur'];

export const directionOf = (locale: Locale): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.includes(tagOf(locale).split('-')[0] ?? '') ? 'rtl' : 'ltr';
