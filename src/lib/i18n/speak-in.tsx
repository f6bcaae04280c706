import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { LocaleShown } from './locale-shown';
import { directionOf, tagOf } from './locale-tag';
import type { CatalogName } from './catalogs';
import type { Locale } from './locales';
import { speakerIn } from './switch-language';

/**
 * A part of the page in a language of its own, apart from the dashboard's (a client report in its
 * client's language, docs/decisions/0109): its element says the language (`lang`, `dir`: screen
 * readers and hyphenation follow it; `<html lang>` stays the dashboard's), and the macros inside
 * speak it (`useLingui` gives its instance of Lingui). Its catalogs are the app's, loaded into that
 * instance as the app's are. While a language's words load, the part stays in the language it was
 * in (at first, `fallback` shows); if they cannot be loaded (offline), `failed` shows, with the way
 * to try again. Both in the dashboard's language. No Suspense: the part is never hidden for a
 * change of language.
 *
 * Intl's formatters (./format.ts) default to the dashboard's locale: inside, pass them
 * `useLingui().i18n.locale`.
 */
interface SpeakInProps {
  locale: Locale;
  /** The catalogs the part says (each declared by its module): only these are loaded in `locale`. */
  catalogs: readonly CatalogName[];
  /** Told the language the part is shown in (null before any): a Print button waits for the chosen one. */
  onShown?: (shown: Locale | null) => void;
  className?: string;
  fallback: ReactNode;
  failed: (retry: () => void) => ReactNode;
  children: ReactNode;
}

export function SpeakIn({ locale, catalogs, className, fallback, failed, onShown, children }: SpeakInProps) {
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const [attempt, retry] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ locale: Locale; attempt: number } | null>(null);
  const [lastShown, setLastShown] = useState<Locale | null>(null);
  const ready = speakerIn(locale).ready(catalogs);
  // What was shown last stays until the new language is in (state adjusted while rendering).
  if (ready && lastShown !== locale) setLastShown(locale);

  useEffect(() => {
    const speaker = speakerIn(locale);
    if (speaker.ready(catalogs)) return;
    let live = true;
    speaker.load(catalogs).then(
      () => live && loaded(),
      () => live && setFailure({ locale, attempt }),
    );
    return () => {
      live = false;
    };
  }, [locale, attempt, catalogs]);

  const failing = !ready && failure?.locale === locale && failure.attempt === attempt;
  const shown = failing ? null : ready ? locale : lastShown;
  useEffect(() => onShown?.(shown), [onShown, shown]);

  if (failing) return <div className={className}>{failed(retry)}</div>;
  if (shown === null) return fallback;
  return (
    <div className={className} lang={tagOf(shown)} dir={directionOf(shown)}>
      <LocaleShown value={speakerIn(shown).context}>{children}</LocaleShown>
    </div>
  );
}
