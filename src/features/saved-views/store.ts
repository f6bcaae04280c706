import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { paths } from '../../lib/paths';
import { projectListState } from '../projects';
import { reportListState } from '../reports';

/**
 * Saved list views: a name and the list's address (its view is its query string), kept on this
 * device in localStorage, in the order the person put them. A stored entry is never dropped for
 * not fitting: what no longer parses is listed as broken, so that it can be seen and deleted.
 */
export interface SavedView {
  id: string;
  name: string;
  /** An app path with its query string, e.g. `/reports?result=bad&sort_by=url`. */
  href: string;
}

/** A stored entry as read back: either a view or something that no longer parses. */
export type StoredView = ({ ok: true } & SavedView) | { ok: false; id: string; name: string; problem: string };

const KEY = 'seo-dashboard:saved-views';
/** The lists a view can be of, each with the state that reads its address. */
const LISTS: Record<string, { serialise: (search: URLSearchParams) => string }> = {
  [paths.reports.getHref()]: {
    serialise: (search) => reportListState.serialise(reportListState.parse(search)).toString(),
  },
  [paths.projects.getHref()]: {
    serialise: (search) => projectListState.serialise(projectListState.parse(search)).toString(),
  },
};

let cache: { raw: string | null; views: StoredView[] } | null = null;
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** A stored entry's own fields, each read on its own: a broken one is named by its place instead. */
const StoredEntrySchema = v.fallback(
  v.object({
    id: v.fallback(v.nullable(v.pipe(v.string(), v.nonEmpty())), null),
    name: v.fallback(
      v.nullable(
        v.pipe(
          v.string(),
          v.check((name: string) => name.trim() !== ''),
        ),
      ),
      null,
    ),
    href: v.fallback(v.nullable(v.string()), null),
  }),
  () => ({ id: null, name: null, href: null }),
);

export function describe(entry: unknown, index: number): StoredView {
  const stored = v.parse(StoredEntrySchema, entry);
  const id = stored.id ?? `broken-${index}`;
  const name = stored.name ?? `Saved view ${index + 1}`;
  const { href } = stored;
  if (href === null) return { ok: false, id, name, problem: 'It has no address.' };
  const query = href.indexOf('?');
  const path = query < 0 ? href : href.slice(0, query);
  const list = LISTS[path];
  if (!list) return { ok: false, id, name, problem: `“${href}” is not a list of this app.` };
  // What the list would make of it must be what was saved: a filter it no longer knows is not
  // silently dropped (the view would show something else under the same name).
  const search = new URLSearchParams(query < 0 ? '' : href.slice(query + 1));
  const read = new URLSearchParams(list.serialise(search));
  const lost = [...search.keys()].filter((key) => read.get(key) !== search.get(key));
  if (lost.length > 0)
    return {
      ok: false,
      id,
      name,
      problem: `The list no longer understands ${lost.map((k) => `“${k}=${search.get(k)}”`).join(', ')}.`,
    };
  return { ok: true, id, name, href };
}

/** Every stored entry, parsed once per change of the stored text. */
export function readViews(): StoredView[] {
  const raw = readRaw();
  if (cache?.raw === raw) return cache.views;
  let views: StoredView[] = [];
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      views = Array.isArray(parsed)
        ? parsed.map(describe)
        : [{ ok: false, id: 'broken-all', name: 'Saved views', problem: 'The stored list is not a list.' }];
    } catch {
      views = [{ ok: false, id: 'broken-all', name: 'Saved views', problem: 'The stored views cannot be read.' }];
    }
  }
  cache = { raw, views };
  return views;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saved or deleted a view.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSavedViews(): StoredView[] {
  return useSyncExternalStore(subscribe, readViews, () => []);
}

export const newViewId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function addView(name: string, href: string): void {
  writeRaw([...rawEntries(), { id: newViewId(), name: name.trim(), href }]);
}

export function renameView(id: string, name: string): void {
  const index = readViews().findIndex((view) => view.id === id && view.ok);
  const raw = rawEntries();
  const entry = raw[index];
  if (index < 0 || typeof entry !== 'object' || entry === null) return;
  raw[index] = { ...entry, name: name.trim() };
  writeRaw(raw);
}

/** One place up or down; a broken entry moves as it was stored. */
export function moveView(id: string, by: -1 | 1): void {
  const from = readViews().findIndex((view) => view.id === id);
  const raw = rawEntries();
  const to = from + by;
  if (from < 0 || to < 0 || to >= raw.length) return;
  const [moved] = raw.splice(from, 1);
  raw.splice(to, 0, moved);
  writeRaw(raw);
}

export function deleteView(id: string): void {
  if (id === 'broken-all') return writeRaw([]);
  const index = readViews().findIndex((view) => view.id === id);
  if (index < 0) return;
  const raw = rawEntries();
  raw.splice(index, 1);
  writeRaw(raw);
}

/** The stored entries as stored (broken ones too); nothing when the whole list is unreadable. */
export function rawEntries(): unknown[] {
  try {
    const parsed: unknown = JSON.parse(readRaw() ?? '[]');
    return Array.isArray(parsed) ? [...parsed] : [];
  } catch {
    return [];
  }
}

export function writeRaw(entries: unknown[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the list shows what is really stored.
  }
  listeners.forEach((listener) => listener());
}
