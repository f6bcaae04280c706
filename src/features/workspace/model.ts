/**
 * What the analyst makes, as one versioned shape: per project what to watch (a target, what to
 * flag) and a re-analysis plan; the marks of the Needs attention list; the timeline's notes. Kept
 * as one record (./store.ts) so that it follows every tab, goes with the connection, and can be
 * exported whole. Pure: whatever is stored (garbage, another version's shape, hostile text) is
 * read into a valid workspace here, item by item, so one bad entry never costs the rest.
 */

import { segmentsField, type Segment } from './segments';
import { parseBranding, type BrandingProfile } from './branding';
import { checkSettingsField, type CheckSettings } from './check-settings';

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A whole number of points between 0 and 100, or null. */
function points(value: unknown, { min }: { min: number }): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= 100 ? value : null;
}

function parseWatch(value: unknown): ProjectWatch {
  if (!isRecord(value)) return DEFAULT_WATCH;
  return {
    target: points(value.target, { min: 0 }),
    newHighFailures: typeof value.newHighFailures === 'boolean' ? value.newHighFailures : DEFAULT_WATCH.newHighFailures,
    dropPoints: value.dropPoints === null ? null : (points(value.dropPoints, { min: 1 }) ?? DEFAULT_WATCH.dropPoints),
  };
}

function parseScope(value: unknown): PlanScope | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'every-page') return { kind: 'every-page' };
  if (
    value.kind === 'failing' &&
    typeof value.check === 'string' &&
    value.check !== '' &&
    value.check.length <= MAX_CHECK
  )
    return { kind: 'failing', check: value.check };
  return null;
}

function parsePlan(value: unknown): ReanalysisPlan | null {
  if (!isRecord(value)) return null;
  const cadence = CADENCES.find((known) => known === value.cadence);
  const scope = parseScope(value.scope);
  if (!cadence || !scope) return null;
  return {
    cadence,
    scope,
    privacy: value.privacy === 'public' ? 'public' : 'private',
    automatic: value.automatic === true,
    paused: value.paused === true,
    lastStartedAt: isIsoTime(value.lastStartedAt) ? value.lastStartedAt : null,
  };
}

export function parseNote(value: unknown): TimelineNote | null {
  if (!isRecord(value)) return null;
  const { id, date, text, project } = value;
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  if (!isCalendarDate(date) || typeof text !== 'string') return null;
  const words = text.trim().slice(0, NOTE_MAX_LENGTH);
  if (words === '') return null;
  if (project !== null && (typeof project !== 'string' || project.length > MAX_NAME)) return null;
  return { id, date, text: words, project };
}

/** Whatever is stored becomes a valid workspace: what cannot be read is left out, entry by entry. */
export function parseWorkspace(stored: unknown): Workspace {
  if (!isRecord(stored) || stored.version !== WORKSPACE_VERSION) return emptyWorkspace();
  const connection = typeof stored.connection === 'string' ? stored.connection : null;
  const projects: ProjectEntry[] = [];
  const named = new Set<string>();
  for (const entry of list(stored.projects).slice(0, MAX_PROJECTS)) {
    if (!isRecord(entry) || typeof entry.project !== 'string' || entry.project.length > MAX_NAME) continue;
    if (named.has(entry.project)) continue;
    named.add(entry.project);
    projects.push({
      project: entry.project,
      watch: parseWatch(entry.watch),
      plan: parsePlan(entry.plan),
      ...segmentsField(entry.segments),
      ...checkSettingsField(entry.checks),
    });
  }
  const marks = isRecord(stored.marks) ? stored.marks : {};
  const seen = [
    ...new Set(list(marks.seen).filter((id): id is string => typeof id === 'string' && id.length <= 4_000)),
  ];
  const notes: TimelineNote[] = [];
  const noteIds = new Set<string>();
  for (const value of list(stored.notes).slice(0, MAX_NOTES)) {
    const note = parseNote(value);
    if (!note || noteIds.has(note.id)) continue;
    noteIds.add(note.id);
    notes.push(note);
  }
  return {
    version: WORKSPACE_VERSION,
    connection,
    projects,
    marks: {
      lastLookedAt: isIsoTime(marks.lastLookedAt) ? marks.lastLookedAt : null,
      seen: seen.slice(-MAX_SEEN),
    },
    notes,
    branding: parseBranding(stored.branding),
  };
}

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
