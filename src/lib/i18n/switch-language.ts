import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { I18nContext } from '@lingui/react';
import type { CatalogName } from './catalogs';
import { activeLocale, i18n } from './i18n';
import { directionOf, tagOf } from './locale-tag';
import { SOURCE_LANGUAGE, type Locale } from './locales';
import { messages as englishShell } from './locales/en/shell.po';

/**
 * Loading catalogs and switching the language without a reload. Every catalog but English's
 * shell is a chunk, fetched when its locale and its part of the app are both wanted. A switch
 * loads every catalog in use for the new locale before it shows any of it, so a page is never half
 * in one language.
 *
 * Catalogs are loaded into an instance of Lingui: the app's (./i18n.ts), or the instance of a
 * language a part of the page speaks apart from the dashboard (a client report's: `speakerIn`,
 * for ./speak-in.tsx), which holds only the catalogs that part says: the dashboard's own parts
 * never fetch, nor wait for, a report's language.
 */
type CatalogFiles = Record<string, () => Promise<{ messages: Messages }>>;

/** Each catalog in use: its English (with the code that uses it) and its files in the other locales. */
const inUse = new Map<CatalogName, { english: Messages; others: CatalogFiles }>([
  [
    'shell',
    {
      english: englishShell,
      others: import.meta.glob<{ messages: Messages }>(['./locales/*/shell.po', '!./locales/en/shell.po']),
    },
  ],
]);

/** What each instance holds (`<locale>/<catalog>`) and is fetching: the app's, then one per language spoken apart. */
const instances = new Map<I18n, { loaded: Set<string>; loading: Map<string, Promise<void>> }>([
  [i18n, { loaded: new Set([`${SOURCE_LANGUAGE}/shell`]), loading: new Map() }],
]);

/** Loads a catalog into an instance: null when it is in (English is at hand), else its fetching. */
function loadCatalogIn(target: I18n, locale: Locale, name: CatalogName): Promise<void> | null {
  const key = `${locale}/${name}`;
  const state = instances.get(target);
  const catalog = inUse.get(name);
  if (!state || state.loaded.has(key)) return null;
  if (locale === SOURCE_LANGUAGE && catalog) {
    target.load(locale, catalog.english);
    state.loaded.add(key);
    return null;
  }
  let load = state.loading.get(key);
  if (!load) {
    const file = Object.entries(catalog?.others ?? {}).find(([path]) => path.endsWith(`/${key}.po`))?.[1];
    load = file
      ? file().then(({ messages }) => {
          target.load(locale, messages);
          state.loaded.add(key);
        })
      : Promise.reject(new Error(`No catalog ${key}`));
    // A failed load (offline) is tried again at the next ask.
    void load.catch(() => undefined).finally(() => state.loading.delete(key));
    state.loading.set(key, load);
  }
  return load;
}

/** Loads every catalog in use into an instance in `locale`, and those that come into use meanwhile. */
async function loadInUse(target: I18n, locale: Locale): Promise<void> {
  let missing: Promise<void>[];
  do {
    missing = [...inUse.keys()].flatMap((name) => loadCatalogIn(target, locale, name) ?? []);
    await Promise.all(missing);
  } while (missing.length > 0);
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
 * A part of the app's words (a screen's catalog, ./catalogs.ts), in the language shown: English's catalog is imported with the part's code, the other locales'
 * files (`import.meta.glob` of all but English's) are each a chunk, fetched when wanted. Null when
 * nothing had to be fetched (always, in English). In the language being switched to, it is fetched
 * too but not waited for: a part that comes during a switch shows in the language on screen, and
 * the switch waits for its words before it shows the new one.
 */
export function loadCatalog(name: CatalogName, english: Messages, others: CatalogFiles): Promise<void> | null {
  inUse.set(name, { english, others });
  if (wanted !== undefined && wanted !== activeLocale()) void loadCatalogIn(i18n, wanted, name)?.catch(() => undefined);
  return loadCatalogIn(i18n, activeLocale(), name);
}

/**
 * A part's English into the app's instance: nothing to fetch, it came with the part's code. Done
 * when the part's module declares its catalog (`catalog(…)`), not when the part first renders:
 * Lingui tells every component that speaks of each load, and one told while another renders is an
 * update React refuses (a part that came during a change of language did it, on a busy machine).
 */
function holdEnglish(name: CatalogName, english: Messages): void {
  const key = `${SOURCE_LANGUAGE}/${name}`;
  const state = instances.get(i18n)!;
  if (state.loaded.has(key)) return;
  i18n.load(SOURCE_LANGUAGE, english);
  state.loaded.add(key);
}

/**
 * Settles once every catalog being fetched now has come (or failed); null when none is. For what
 * must wait until no words are on their way: a test before it ends (a part that suspended on its
 * words renders when they come), a tool before it measures.
 */
export function catalogsLoading(): Promise<void> | null {
  const pending = [...instances.values()].flatMap((state) => [...state.loading.values()]);
  return pending.length > 0 ? Promise.allSettled(pending).then(() => undefined) : null;
}

/**
 * A part's catalog as its module declares it, for `useCatalog`: null when its words were in from
 * the start, else the promise of their last loading: the same until it settles, and kept once it
 * has (a component that suspended on it calls `use` with it again when it renders on; React
 * requires that), until another language needs a load. After a failure (offline), the next call
 * tries again.
 */
export function catalog(name: CatalogName, english: Messages, others: CatalogFiles): () => Promise<void> | null {
  holdEnglish(name, english);
  let last: Promise<void> | null = null;
  let loading = false;
  return () => {
    if (last && loading) return last;
    const load = loadCatalog(name, english, others);
    if (!load) return last;
    loading = true;
    const current: Promise<void> = load.then(
      () => {
        loading = false;
        // As React marks a promise it has seen settle: `use` reads it at once, whoever asks next.
        Object.assign(current, { status: 'fulfilled', value: undefined });
      },
      (error: unknown) => {
        loading = false;
        if (last === current) last = null;
        throw error;
      },
    );
    last = current;
    return current;
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
  await loadInUse(i18n, locale);
  if (wanted === locale) showLocale(locale);
}

/** Back to what is on screen after a switch that failed. */
export function keepShownLocale(): void {
  wanted = activeLocale();
}

/**
 * A language spoken apart from the dashboard's, as `<SpeakIn>` shows it: `context` is what
 * `useLingui` gives inside, once `ready(names)` (the catalogs the part says are loaded in it, each
 * already in use: declared by the part's module); `load(names)` loads them (rejects when one cannot
 * be, offline; the next call tries again).
 */
export interface Speaker {
  context: I18nContext;
  ready: (names: readonly CatalogName[]) => boolean;
  load: (names: readonly CatalogName[]) => Promise<void>;
}

const speakers = new Map<Locale, Speaker>();

/** The instance that speaks `locale` apart from the dashboard: one per language, made on first ask and kept. */
export function speakerIn(locale: Locale): Speaker {
  let speaker = speakers.get(locale);
  if (!speaker) {
    const target = setupI18n({ locale, messages: { [locale]: {} } });
    const state = { loaded: new Set<string>(), loading: new Map<string, Promise<void>>() };
    instances.set(target, state);
    speaker = {
      context: { i18n: target, _: target._.bind(target) },
      ready: (names) =>
        names.every((name) => {
          // English is at hand (with the part's code): in at once, ready from the first render.
          if (locale === SOURCE_LANGUAGE) loadCatalogIn(target, locale, name);
          return state.loaded.has(`${locale}/${name}`);
        }),
      load: async (names) => {
        await Promise.all(names.map((name) => loadCatalogIn(target, locale, name)));
      },
    };
    speakers.set(locale, speaker);
  }
  return speaker;
}
