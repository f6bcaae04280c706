import * as v from 'valibot';
import { mergeByKey } from '../../lib/merge-by-key';
import { listOf } from '../../lib/schema';
import { workspaceStore } from '../workspace';
import { describe, newViewId, readViews, type StoredView } from './store';

/**
 * Saved views that travel to another device (the workspace file), by the rules of the stored ones
 * (./store.ts). Its own module: only the settings page's import and export part loads it.
 */

/** A saved view as it travels to another device (a workspace file): no id, which is this device's. */
export interface PortableView {
  name: string;
  href: string;
}

const MAX_PORTABLE_VIEWS = 500;
const MAX_VIEW_NAME = 200;

/** The views to take to another device: those that open (a broken one would arrive broken). */
export function portableViews(): PortableView[] {
  return readViews().flatMap((view) => (view.ok ? [{ name: view.name, href: view.href }] : []));
}

const PortableViewSchema: v.GenericSchema<unknown, PortableView> = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.check((name: string) => name.trim() !== '' && name.length <= MAX_VIEW_NAME),
      v.transform((name: string) => name.trim()),
    ),
    href: v.string(),
  }),
  v.check((view) => describe(view, 0).ok),
);

const PortableViewsSchema = listOf(PortableViewSchema, { read: MAX_PORTABLE_VIEWS });

/**
 * Views read from elsewhere (a file), by the rules of the stored ones: a view of a list this app
 * has, that the list still understands, with a name. What fails is counted, never guessed at.
 */
export function readPortableViews(value: unknown): { views: PortableView[]; leftOut: number } {
  const entries = Array.isArray(value) ? value : [];
  const views = v.parse(PortableViewsSchema, entries);
  return { views, leftOut: entries.length - views.length };
}

/** The stored entries beside what they are: a broken one is never matched, so never replaced. */
function mergeViews(incoming: readonly PortableView[], entries: readonly unknown[]) {
  const here = entries.map((entry, index) => ({ view: describe(entry, index), entry }));
  const arriving = incoming.map((view) => {
    const entry = { id: newViewId(), ...view };
    return { view: { ok: true as const, ...entry }, entry };
  });
  return mergeByKey<{ view: StoredView | undefined; entry: unknown }>(here, arriving, {
    keyOf: ({ view }) => (view?.ok ? view.name : null),
    same: (a, b) => a.view?.ok === true && b.view?.ok === true && a.view.href === b.view.href,
    // Keeps its place and its id; takes the file's address.
    replace: (a, b) => ({ view: b.view, entry: { ...(a.entry as object), href: b.view?.ok ? b.view.href : '' } }),
  });
}

/** What `importViews` would do: the names added and replaced, and how many stay as they are. */
export function planViewsImport(incoming: readonly PortableView[]): {
  added: string[];
  replaced: string[];
  kept: number;
} {
  return namesOf(mergeViews(incoming, workspaceStore().readViews() ?? []));
}

function namesOf({ added, replaced, kept }: ReturnType<typeof mergeViews>) {
  const names = (list: typeof added) => list.flatMap(({ view }) => (view?.ok ? [view.name] : []));
  return { added: names(added), replaced: names(replaced), kept };
}

/**
 * Views from another device: one of the same name takes the file's address, the others are added,
 * none is deleted; merged into the list as it is when written (another tab's change stays).
 * Resolves with what it did, as `planViewsImport` says.
 */
export async function importViews(incoming: readonly PortableView[]): Promise<ReturnType<typeof planViewsImport>> {
  let names = { added: [] as string[], replaced: [] as string[], kept: 0 };
  await workspaceStore().changeViews((entries) => {
    const plan = mergeViews(incoming, entries);
    names = namesOf(plan);
    return plan.added.length + plan.replaced.length > 0 ? plan.merged.map(({ entry }) => entry) : [...entries];
  });
  return names;
}
