import { useSyncExternalStore } from 'react';
import { workspaceStore } from '../workspace';
import * as v from 'valibot';
import { paths } from '../../lib/paths';
import { projectListState } from '../projects';
import { reportListState } from '../reports';

/**
 * Saved list views: a name and the list's address (its view is its query string), kept in the
 * account's workspace (features/workspace/views.ts: followed by every tab and shared with the
 * team), in the order the person put them. A stored entry is never dropped for
 * not fitting: what no longer parses is listed as broken, so that it can be seen and deleted.
 */
export interface SavedView {
  id: string;
  name: string;
  /** An app path with its query string, e.g. `/reports?result=bad&sort_by=url`. */
  href: string;
}

/** Why a stored entry cannot be opened: said in the language on screen where it is shown (./view-words.ts). */
export type BrokenView =
  | { kind: 'no-address' }
  | { kind: 'not-a-list'; href: string }
  /** Filters the list would drop, each as `key=value`. */
  | { kind: 'unknown-filters'; filters: string[] }
  /** Nothing to list it under (the app never keeps one so: another version's, or a team's). */
  | { kind: 'no-name' };

/**
 * A stored entry as read back: either a view or something that no longer parses, with its name if
 * it has one (else it is named by its place: ./view-words.ts).
 */
export type StoredView =
  ({ ok: true } & SavedView) | { ok: false; id: string; name: string | null; place: number; problem: BrokenView };

/** The lists a view can be of, each with the state that reads its address. */
const LISTS: Record<string, { serialise: (search: URLSearchParams) => string }> = {
  [paths.reports.getHref()]: {
    serialise: (search) => reportListState.serialise(reportListState.parse(search)).toString(),
  },
  [paths.projects.getHref()]: {
    serialise: (search) => projectListState.serialise(projectListState.parse(search)).toString(),
  },
};

let cache: { entries: unknown[] | null; views: StoredView[] } | null = null;

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
  const broken = (problem: BrokenView): StoredView => ({ ok: false, id, name: stored.name, place: index + 1, problem });
  const { href } = stored;
  if (href === null) return broken({ kind: 'no-address' });
  const query = href.indexOf('?');
  const path = query < 0 ? href : href.slice(0, query);
  const list = LISTS[path];
  if (!list) return broken({ kind: 'not-a-list', href });
  // What the list would make of it must be what was saved: a filter it no longer knows is not
  // silently dropped (the view would show something else under the same name).
  const search = new URLSearchParams(query < 0 ? '' : href.slice(query + 1));
  const read = new URLSearchParams(list.serialise(search));
  const lost = [...search.keys()].filter((key) => read.get(key) !== search.get(key));
  if (lost.length > 0) return broken({ kind: 'unknown-filters', filters: lost.map((k) => `${k}=${search.get(k)}`) });
  if (stored.name === null) return broken({ kind: 'no-name' });
  return { ok: true, id, name: stored.name, href };
}

/** Every stored entry, parsed once per change of the workspace's views (nothing until it was read). */
export function readViews(): StoredView[] {
  const entries = workspaceStore().readViews();
  if (cache?.entries !== entries) cache = { entries, views: (entries ?? []).map(describe) };
  return cache.views;
}

// Another tab, or another analyst of the team, saved or deleted a view: the workspace tells.
const subscribe = (listener: () => void) => workspaceStore().subscribe(listener);

export function useSavedViews(): StoredView[] {
  return useSyncExternalStore(subscribe, readViews, () => []);
}

export const newViewId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Changes the list as it is in the workspace at that moment (another tab's change is not lost). */
function change(next: (entries: unknown[]) => unknown[]): Promise<void> {
  return workspaceStore().changeViews(next);
}

/** The place of a view in the stored entries, by the id `describe` gives it. */
const placeOf = (entries: unknown[], id: string) =>
  entries.findIndex((entry, index) => describe(entry, index).id === id);

export function addView(name: string, href: string): Promise<void> {
  return change((entries) => [...entries, { id: newViewId(), name: name.trim(), href }]);
}

export function renameView(id: string, name: string): Promise<void> {
  return change((entries) => {
    const index = placeOf(entries, id);
    const entry = entries[index];
    if (index < 0 || !describe(entry, index).ok || typeof entry !== 'object' || entry === null) return entries;
    return entries.with(index, { ...entry, name: name.trim() });
  });
}

/** One place up or down; a broken entry moves as it was stored. */
export function moveView(id: string, by: -1 | 1): Promise<void> {
  return change((entries) => {
    const from = placeOf(entries, id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= entries.length) return entries;
    const moved = [...entries];
    const [entry] = moved.splice(from, 1);
    moved.splice(to, 0, entry);
    return moved;
  });
}

export function deleteView(id: string): Promise<void> {
  return change((entries) => {
    const index = placeOf(entries, id);
    return index < 0 ? entries : entries.filter((_, place) => place !== index);
  });
}
