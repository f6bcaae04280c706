import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import {
  changeEntry,
  entryOf,
  notesOf,
  parseNote,
  type ProjectEntry,
  type ProjectWatch,
  type ReanalysisPlan,
  type TimelineNote,
} from './model';
import type { Language } from '../../lib/i18n/locales';
import { parseBranding, type BrandingProfile } from './branding';
import { workspaceStore, type WorkspaceStore, type WorkspaceView } from './store';
import type { MoveOutcome } from './old-record';

/**
 * What the screens do with the workspace: hooks to follow it (in every tab) and the changes the
 * analyst makes. Every change goes through the one store, in one transaction each.
 */

const subscribe = (listener: () => void) => workspaceStore().subscribe(listener);
const read = () => workspaceStore().read();

/**
 * The current connection's workspace, following every tab; `loaded` false until the device answered.
 * Deferred: a change of the store (the device's answer, another tab) is drawn in a render that
 * yields, not in one blocking task with every form and list that follows it. `{ now: true }` for
 * what works out from it after the render (Needs attention): a deferred value lags while the
 * page's other data keeps arriving, and that work would wait for it.
 */
export function useWorkspace({ now = false }: { now?: boolean } = {}): WorkspaceView {
  const view = useSyncExternalStore(subscribe, read, read);
  const deferred = useDeferredValue(view);
  return now ? view : deferred;
}

/** What the analyst set for a project (its defaults when nothing). */
export function useProjectEntry(
  project: string,
  { now = false }: { now?: boolean } = {},
): { loaded: boolean; entry: ProjectEntry } {
  const { loaded, workspace } = useWorkspace({ now });
  return useMemo(() => ({ loaded, entry: entryOf(workspace, project) }), [loaded, workspace, project]);
}

/**
 * The timeline's notes, oldest first: of `project` and the account's own (project null), or
 * every note when `project` is undefined.
 */
export function useTimelineNotes(project?: string): TimelineNote[] {
  const { workspace } = useWorkspace();
  return useMemo(() => notesOf(workspace, project), [workspace, project]);
}

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Adds a note for every tab. Resolves with the note as kept (its text trimmed), or null when it
 * cannot be kept: a date that is not a real YYYY-MM-DD, or no words.
 */
export async function addTimelineNote(note: Omit<TimelineNote, 'id'>): Promise<TimelineNote | null> {
  const kept = parseNote({ ...note, id: newId() });
  if (!kept) return null;
  await workspaceStore().change((draft) => void draft.notes.push(kept));
  return kept;
}

export async function removeTimelineNote(id: string): Promise<void> {
  await workspaceStore().change((draft) => {
    draft.notes = draft.notes.filter((note) => note.id !== id);
  });
}

export async function setProjectWatch(project: string, watch: ProjectWatch): Promise<void> {
  await workspaceStore().change((draft) => changeEntry(draft, project, (entry) => void (entry.watch = { ...watch })));
}

/** The language the project's client report is written in, for every tab and the team (null: the dashboard's). */
export async function setReportLanguage(project: string, language: Language | null): Promise<void> {
  await workspaceStore().change((draft) => {
    // No choice to remove from a project the analyst set nothing for.
    if (!language && !draft.projects.some((entry) => entry.project === project)) return;
    changeEntry(draft, project, (entry) => {
      if (language) entry.reportLanguage = language;
      else delete entry.reportLanguage;
    });
  });
}

/** Sets (or with null, removes) a project's plan; when it was last started is kept. */
export async function setReanalysisPlan(
  project: string,
  plan: Omit<ReanalysisPlan, 'lastStartedAt'> | null,
): Promise<void> {
  await workspaceStore().change((draft) =>
    changeEntry(draft, project, (entry) => {
      entry.plan = plan ? { ...plan, lastStartedAt: entry.plan?.lastStartedAt ?? null } : null;
    }),
  );
}

/**
 * Claims a run of a project's plan for this tab: true (and the plan marked started `at`) only if
 * the plan is as this tab saw it when it found it due (`sawStartedAt`) and not paused. Two tabs
 * that find it due at once both ask; the stored record changes in one transaction at a time, so
 * exactly one of them gets true.
 */
export function claimPlanRun(
  project: string,
  sawStartedAt: string | null,
  at: Date,
  store: WorkspaceStore = workspaceStore(),
): Promise<boolean> {
  return store.change((draft) => {
    const plan = draft.projects.find((entry) => entry.project === project)?.plan;
    if (!plan || plan.paused || plan.lastStartedAt !== sawStartedAt) return false;
    plan.lastStartedAt = at.toISOString();
    return true;
  });
}

/** Marks items of the Needs attention list seen (by their ids). */
export async function markAttentionSeen(ids: readonly string[]): Promise<void> {
  await workspaceStore().change((draft) => {
    draft.marks.seen = [...new Set([...draft.marks.seen, ...ids])];
  });
}

/** Everything up to `at` is seen: the list compares against then from now on. */
export async function markAllAttentionSeen(at: Date): Promise<void> {
  await workspaceStore().change((draft) => {
    draft.marks = { lastLookedAt: at.toISOString(), seen: [] };
  });
}

/** The agency's branding profile (null: none); `loaded` false until the device answered. */
export function useBranding({ now = false }: { now?: boolean } = {}): {
  loaded: boolean;
  branding: BrandingProfile | null;
} {
  const { loaded, workspace } = useWorkspace({ now });
  return useMemo(() => ({ loaded, branding: workspace.branding }), [loaded, workspace]);
}

/**
 * Keeps the profile for every tab, read as a stored one would be (so what is kept is what shows),
 * or removes it with null. Resolves with what was kept: null when nothing in it brands a report.
 */
export async function setBranding(profile: BrandingProfile | null): Promise<BrandingProfile | null> {
  const kept = parseBranding(profile);
  await workspaceStore().change((draft) => void (draft.branding = kept));
  return kept;
}

const readMove = () => workspaceStore().moved();

/** How moving what the earlier version kept went (null: not yet tried on this page). */
export function useWorkspaceMove(): MoveOutcome | null {
  return useSyncExternalStore(subscribe, readMove, readMove);
}
