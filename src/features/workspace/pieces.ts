import { emptyWorkspace, parseWorkspace, type Workspace } from './model';
import { appendEdits, firstSetAt, readRegisters, valueOf, type Registers } from './registers';

/**
 * The workspace as pieces, each a register of ./registers.ts: what two analysts can change apart
 * without touching each other's. A project's target and what to flag, its plan, its checks set
 * aside, each of its segments and its client report's language; each note; each mark seen and when everything was last marked
 * seen; the branding. The screens keep working on the one `Workspace` shape (./model.ts): it is
 * put together from the pieces and read through its schema, so what another device or a server
 * wrote is checked exactly as what this device stored.
 */

/** A piece's key: a JSON list, so that project names and ids never run into each other. */
export type PieceKey =
  | ['watch', string]
  | ['plan', string]
  | ['checks', string]
  | ['report-language', string]
  | ['segment', string, string]
  | ['note', string]
  | ['seen', string]
  | ['looked']
  | ['branding'];

export const keyOf = (key: PieceKey): string => JSON.stringify(key);

function readKey(key: string): PieceKey | null {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? (parsed as PieceKey) : null;
  } catch {
    return null;
  }
}

/** The id a piece's value carries (notes, segments, saved views), if any. */
export const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;

/** The workspace's pieces and their values (a piece that is absent has none). */
export function piecesOf(workspace: Workspace): Map<string, unknown> {
  const pieces = new Map<string, unknown>();
  for (const { project, watch, plan, checks, segments, reportLanguage } of workspace.projects) {
    pieces.set(keyOf(['watch', project]), watch);
    if (plan) pieces.set(keyOf(['plan', project]), plan);
    if (checks) pieces.set(keyOf(['checks', project]), checks);
    if (reportLanguage) pieces.set(keyOf(['report-language', project]), reportLanguage);
    for (const segment of segments ?? []) pieces.set(keyOf(['segment', project, segment.id]), segment);
  }
  for (const note of workspace.notes) pieces.set(keyOf(['note', note.id]), note);
  for (const id of workspace.marks.seen) pieces.set(keyOf(['seen', id]), true);
  if (workspace.marks.lastLookedAt) pieces.set(keyOf(['looked']), workspace.marks.lastLookedAt);
  if (workspace.branding) pieces.set(keyOf(['branding']), workspace.branding);
  return pieces;
}

/** The same value, whatever the order of its objects' fields. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** Appends an edit for each piece that differs between `before` and `after` (call inside a transaction). */
export function writeChanges(registers: Registers, before: Workspace, after: Workspace, now: number): number {
  const old = piecesOf(before);
  const next = piecesOf(after);
  const writes: [string, unknown][] = [];
  for (const [key, value] of next) {
    if (!old.has(key) || !sameValue(old.get(key), value)) writes.push([key, value]);
  }
  for (const key of old.keys()) if (!next.has(key)) writes.push([key, null]);
  appendEdits(registers, writes, now);
  return writes.length;
}

interface ProjectParts {
  project: string;
  since: number;
  watch?: unknown;
  plan?: unknown;
  checks?: unknown;
  'report-language'?: unknown;
  segments: { since: number; value: unknown }[];
}

/** Puts the workspace together from its pieces, read through the workspace's schema. */
export function workspaceFrom(registers: Registers, connection: string): Workspace {
  const projects = new Map<string, ProjectParts>();
  const projectOf = (project: string, since: number) => {
    let parts = projects.get(project);
    if (!parts) {
      parts = { project, since, segments: [] };
      projects.set(project, parts);
    }
    parts.since = Math.min(parts.since, since);
    return parts;
  };
  const notes: { since: number; value: unknown }[] = [];
  const seen: { since: number; id: string }[] = [];
  let lastLookedAt: unknown = null;
  let branding: unknown = null;

  readRegisters(registers).forEach((edits, key) => {
    const value = valueOf(edits);
    const piece = readKey(key);
    if (value === undefined || value === null || !piece) return;
    const since = firstSetAt(edits);
    switch (piece[0]) {
      case 'watch':
      case 'plan':
      case 'checks':
      case 'report-language':
        projectOf(piece[1], since)[piece[0]] = value;
        break;
      // A value must be the piece its key names: a broken or hostile peer cannot hide another.
      case 'segment':
        if (idOf(value) === piece[2]) projectOf(piece[1], since).segments.push({ since, value });
        break;
      case 'note':
        if (idOf(value) === piece[1]) notes.push({ since, value });
        break;
      case 'seen':
        seen.push({ since, id: piece[1] });
        break;
      case 'looked':
        lastLookedAt = value;
        break;
      case 'branding':
        branding = value;
        break;
    }
  });

  const bySince = (a: { since: number }, b: { since: number }) => a.since - b.since;
  return parseWorkspace({
    ...emptyWorkspace(connection),
    projects: [...projects.values()]
      .sort(bySince)
      .map(({ project, watch, plan, checks, segments, 'report-language': reportLanguage }) => ({
        project,
        watch,
        plan: plan ?? null,
        checks,
        segments: segments.sort(bySince).map((segment) => segment.value),
        reportLanguage,
      })),
    notes: notes.sort(bySince).map((note) => note.value),
    marks: { lastLookedAt, seen: seen.sort(bySince).map((mark) => mark.id) },
    branding,
  });
}
