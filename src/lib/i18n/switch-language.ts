import type { Messages } from '@lingui/core';
import type { CatalogName } from './catalogs';
import { activeLocale, i18n } from './i18n';
import { directionOf, tagOf } from './locale-tag';
import { SOURCE_LANGUAGE, type Locale } from './locales';

/**
 * Loading catalogs and switching the language without a reload. Every catalog but English's
 * shell is a chunk, fetched when its locale and its part of the app are both wanted. A switch
 * loads every catalog in use for the new locale before it shows any of it, so a page is never half
 * in one language.
 */
type CatalogFiles = Record<string, () => Promise<{ messages: Messages }>>;

/** Each catalog in use, with its files in the other locales. */
const inUse = new Map<CatalogName, CatalogFiles>([
  ['shell', import.meta.glob<{ messages: Messages }>(['./locales/*/shell.po', '!./locales/en/shell.po'])],
]);
const loaded = new Set<string>([`${SOURCE_LANGUAGE}/shell`]);
const loading = new Map<string, Promise<void>>();

function loadCatalogIn(locale: Locale, name: CatalogName): Promise<void> {
  const key = `${locale}/${name}`;
  if (loaded.has(key)) return Promise.resolve();
  let load = loading.get(key);
  if (!load) {
    const file = Object.entries(inUse.get(name) ?? {}).find(([path]) => path.endsWith(`/${key}.po`))?.[1];
    load = file
      ? file().then(({ messages }) => {
          i18n.load(locale, messages);
          loaded.add(key);
        })
      : Promise.reject(new Error(`No catalog ${key}`));
    // A failed load (offline) is tried again at the next ask.
    void load.catch(() => undefined).finally(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/** The locale being switched to, or on screen once switched: a screen's catalog is loaded in it too. */
let wanted: Locale | undefined;

/** Shows the app in `locale`, whose catalogs are loaded: its words, `<html lang>` and `dir`. */
function showLocale(locale: Locale): void {
  i18n.activate(locale);
  document.documentElement.lang = tagOf(locale);
  document.documentElement.dir = directionOf(locale);
}

/**
 * A part of the app's words (a screen's catalog, ./catalogs.ts), in the language shown and in the
 * one being switched to: English's catalog is imported with the part's code, the other locales'
 * files (`import.meta.glob` of all but English's) are each a chunk, fetched when wanted. Null when
 * nothing had to be fetched (always, in English).
 */
export function loadCatalog(name: CatalogName, english: Messages, others: CatalogFiles): Promise<void> | null {
  if (!loaded.has(`${SOURCE_LANGUAGE}/${name}`)) {
    i18n.load(SOURCE_LANGUAGE, english);
    loaded.add(`${SOURCE_LANGUAGE}/${name}`);
  }
  inUse.set(name, others);
  const missing = [...new Set([activeLocale(), wanted ?? activeLocale()])].filter(
    (locale) => !loaded.has(`${locale}/${name}`),
  );
  if (missing.length === 0) return null;
  return Promise.all(missing.map((locale) => loadCatalogIn(locale, name))).then(() => undefined);
}

/**
 * A part's catalog as its module declares it, for `useCatalog`: null once its words are in, else
 * the one promise of their loading (the same until it settles; after a failure, offline, the next
 * call tries again).
 */
export function catalog(name: CatalogName, english: Messages, others: CatalogFiles): () => Promise<void> | null {
  let pending: Promise<void> | null = null;
  return () => {
    if (!pending) {
      const load = loadCatalog(name, english, others);
      if (!load) return null;
      pending = load.finally(() => {
        pending = null;
      });
    }
    return pending;
  };
}

/**
 * Shows the app in `locale` once every catalog in use is loaded in it: at once, no reload (each
 * `useLingui` follows). A later call wins over one still loading. Rejects when a catalog cannot be
 * loaded (offline); the app then stays as it was.
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  wanted = locale;
  // A screen may ask for its catalog while the others load: loaded too before the switch.
  let missing: CatalogName[];
  do {
    missing = [...inUse.keys()].filter((name) => !loaded.has(`${locale}/${name}`));
    await Promise.all(missing.map((name) => loadCatalogIn(locale, name)));
  } while (missing.length > 0);
  if (wanted === locale) showLocale(locale);
}

/** Back to what is on screen after a switch that failed. */
export function keepShownLocale(): void {
  wanted = activeLocale();
}
