/**
 * What the analyst makes, as one versioned shape: per project what to watch (a target, what to
 * flag) and a re-analysis plan; the marks of the Needs attention list; the timeline's notes. Kept
 * as one record (./store.ts) so that it follows every tab, goes with the connection, and can be
 * exported whole. Pure: whatever is stored (garbage, another version's shape, hostile text) is
 * read into a valid workspace here, item by item, so one bad entry never costs the rest.
 */

import * as v from 'valibot';
import { LANGUAGES, type Language } from '../../lib/i18n/locales';
import { IsoTime, listOf, readOr } from '../../lib/schema';
import { SegmentsSchema, type Segment } from './segments';
import { BrandingSchema, type BrandingProfile } from './branding';
import { CheckSettingsSchema, hasSetAside, type CheckSettings } from './check-settings';

export const WORKSPACE_VERSION = 1;

/** A note on the timeline ("site migration", "Google core update"). `project` null: the whole account. */
export interface TimelineNote {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  text: string;
  project: string | null;
}

/** What the Needs attention list flags for a project. */
export interface ProjectWatch {
  /** Minimum health (0–100): flagged when the project's health is below it; null: none. */
  target: number | null;
  /** Flag pages that newly fail a high-importance check. */
  newHighFailures: boolean;
  /** Flag a page whose score fell by this many points or more; null: not flagged. */
  dropPoints: number | null;
}

export const CADENCES = ['weekly', 'monthly'] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * Which pages a plan analyses again: every page of the project (a new run of each URL, from its
 * latest run), or the pages whose latest run fails `check`.
 */
export type PlanScope = { kind: 'every-page' } | { kind: 'failing'; check: string };

export interface ReanalysisPlan {
  cadence: Cadence;
  scope: PlanScope;
  /** The new runs' privacy (a password is never kept on the device). */
  privacy: 'public' | 'private';
  /** Starts by itself when due, while a dashboard tab is open. */
  automatic: boolean;
  /** Neither due nor started by itself until resumed. */
  paused: boolean;
  /** When a run of the plan was last started (ISO), by whichever tab; null: never. */
  lastStartedAt: string | null;
}

export interface ProjectEntry {
  project: string;
  watch: ProjectWatch;
  plan: ReanalysisPlan | null;
  /** Named groups of the project's pages (./segments.ts); absent: none. */
  segments?: Segment[];
  /** Checks set aside (./check-settings.ts); absent: none. */
  checks?: CheckSettings;
  /** The language its client report is written in (decision 0109); absent: the dashboard's. */
  reportLanguage?: Language;
}

export interface AttentionMarks {
  /** When the analyst last marked everything seen (ISO); the list compares against then. */
  lastLookedAt: string | null;
  /** Ids of items marked seen one by one since then. */
  seen: string[];
}

export interface Workspace {
  version: typeof WORKSPACE_VERSION;
  /** The connection it belongs to (lib/connection-key.ts); null: nothing kept yet. */
  connection: string | null;
  /** One entry per project, in the order they were first set. */
  projects: ProjectEntry[];
  marks: AttentionMarks;
  notes: TimelineNote[];
  /** The agency's branding of printed reports (./branding.ts); null: reports print unbranded. */
  branding: BrandingProfile | null;
}

/** What a project is watched for until the analyst says otherwise. */
export const DEFAULT_WATCH: ProjectWatch = { target: null, newHighFailures: true, dropPoints: 10 };

export const NOTE_MAX_LENGTH = 280;
/** Bounds on what is kept, so that a hostile or runaway record cannot grow without end. */
const MAX_PROJECTS = 2_000;
const MAX_NOTES = 2_000;
const MAX_SEEN = 5_000;
const MAX_NAME = 2_000;
const MAX_CHECK = 200;

export function emptyWorkspace(connection: string | null = null): Workspace {
  return {
    version: WORKSPACE_VERSION,
    connection,
    projects: [],
    marks: { lastLookedAt: null, seen: [] },
    notes: [],
    branding: null,
  };
}

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Bounded text, as a name or a check is kept. */
const text = (max: number) =>
  v.pipe(
    v.string(),
    v.check((value: string) => value.length <= max),
  );
/** A whole number of points between `min` and 100. */
const points = (min: number) =>
  v.pipe(
    v.number(),
    v.check((value: number) => Number.isInteger(value) && value >= min && value <= 100),
  );

const WatchSchema: v.GenericSchema<unknown, ProjectWatch> = v.fallback(
  v.object({
    target: v.fallback(v.nullable(points(0)), null),
    newHighFailures: v.fallback(v.boolean(), DEFAULT_WATCH.newHighFailures),
    dropPoints: v.fallback(v.nullable(points(1)), DEFAULT_WATCH.dropPoints),
  }),
  () => ({ ...DEFAULT_WATCH }),
);

const ScopeSchema: v.GenericSchema<unknown, PlanScope> = v.union([
  v.object({ kind: v.literal('every-page') }),
  v.object({
    kind: v.literal('failing'),
    check: v.pipe(text(MAX_CHECK), v.nonEmpty()),
  }),
]);

/** A plan without a cadence or a scope it can run is no plan. */
const PlanSchema: v.GenericSchema<unknown, ReanalysisPlan | null> = v.fallback(
  v.nullable(
    v.object({
      cadence: v.picklist(CADENCES),
      scope: ScopeSchema,
      privacy: v.fallback(v.picklist(['public', 'private']), 'private'),
      automatic: v.fallback(v.boolean(), false),
      paused: v.fallback(v.boolean(), false),
      lastStartedAt: v.fallback(v.nullable(IsoTime), null),
    }),
  ),
  null,
);

const NoteSchema: v.GenericSchema<unknown, TimelineNote> = v.object({
  id: v.pipe(text(100), v.nonEmpty()),
  date: v.pipe(
    v.string(),
    v.check((date: string) => isCalendarDate(date)),
  ),
  text: v.pipe(
    v.string(),
    v.transform((words: string) => words.trim().slice(0, NOTE_MAX_LENGTH)),
    v.nonEmpty(),
  ),
  project: v.nullable(text(MAX_NAME)),
});

export const parseNote = (value: unknown): TimelineNote | null => readOr(NoteSchema, value, null);
/** A project's watch as stored or received (its defaults where a field does not read). */
export const parseWatch = (value: unknown): ProjectWatch => v.parse(WatchSchema, value);

/**
 * Segments, check settings and a report language are present only when the project has some
 * (entries without stay as they were). A language no longer offered is no choice.
 */
const ProjectEntrySchema: v.GenericSchema<unknown, ProjectEntry> = v.pipe(
  v.object({
    project: text(MAX_NAME),
    watch: WatchSchema,
    plan: PlanSchema,
    segments: SegmentsSchema,
    checks: CheckSettingsSchema,
    reportLanguage: v.fallback(v.optional(v.picklist(LANGUAGES)), undefined),
  }),
  v.transform(({ segments, checks, reportLanguage, ...entry }) => ({
    ...entry,
    ...(segments.length > 0 && { segments }),
    ...(hasSetAside(checks) && { checks }),
    ...(reportLanguage && { reportLanguage }),
  })),
);

const MarksSchema: v.GenericSchema<unknown, AttentionMarks> = v.fallback(
  v.object({
    lastLookedAt: v.fallback(v.nullable(IsoTime), null),
    // The latest marks count: the oldest go first past the bound.
    seen: v.pipe(
      listOf(text(4_000), { keysOf: (id) => [id] }),
      v.transform((seen: string[]) => seen.slice(-MAX_SEEN)),
    ),
  }),
  () => ({ lastLookedAt: null, seen: [] }),
);

const WorkspaceSchema: v.GenericSchema<unknown, Workspace> = v.fallback(
  v.object({
    version: v.literal(WORKSPACE_VERSION),
    connection: v.fallback(v.nullable(v.string()), null),
    projects: listOf(ProjectEntrySchema, { read: MAX_PROJECTS, keysOf: (entry) => [entry.project] }),
    marks: MarksSchema,
    notes: listOf(NoteSchema, { read: MAX_NOTES, keysOf: (note) => [note.id] }),
    branding: BrandingSchema,
  }),
  () => emptyWorkspace(),
);

/** Whatever is stored becomes a valid workspace: what cannot be read is left out, entry by entry. */
export const parseWorkspace = (stored: unknown): Workspace => v.parse(WorkspaceSchema, stored);

/** The project's entry, or its defaults when the analyst has set nothing. */
export function entryOf(workspace: Workspace, project: string): ProjectEntry {
  return workspace.projects.find((entry) => entry.project === project) ?? { project, watch: DEFAULT_WATCH, plan: null };
}

/** Changes one project's entry in place (a draft given by the store), creating it when missing. */
export function changeEntry(workspace: Workspace, project: string, change: (entry: ProjectEntry) => void): void {
  let entry = workspace.projects.find((candidate) => candidate.project === project);
  if (!entry) {
    entry = { project, watch: { ...DEFAULT_WATCH }, plan: null };
    workspace.projects.push(entry);
  }
  change(entry);
}

/** Notes of a project and the account's own notes (project given), or every note; oldest first. */
export function notesOf(workspace: Workspace, project?: string): TimelineNote[] {
  const notes =
    project === undefined
      ? workspace.notes
      : workspace.notes.filter((note) => note.project === null || note.project === project);
  return [...notes].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
