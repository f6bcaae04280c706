import { emptyWorkspace, parseWorkspace, type Workspace } from './model';
import { appendEdits, firstSetAt, readRegisters, valueOf, type Registers } from './registers';

/**
 * The workspace as pieces, each a register of ./registers.ts: what two analysts can change apart
 * without touching each other's. A project's target and what to flag, its plan, each check it
 * switched off and each failure it accepted on a page, each of its segments and its client
 * report's language; each note; each mark seen and when everything was last marked seen; the
 * branding. The screens keep working on the one `Workspace` shape (./model.ts): it is put together
 * from the pieces and read through its schema, so what another device or a server wrote is
 * checked exactly as what this device stored. Pieces kept apart from that shape, each with its own
 * reader: the saved views (./views.ts) and each report's results before its re-analysis
 * (./results-before.ts).
 */

/** A piece's key: a JSON list, so that project names and ids never run into each other. */
export type PieceKey =
  | ['watch', string]
  | ['plan', string]
  /** A check switched off for a project: project, check. */
  | ['check-off', string, string]
  /** A failing check accepted on one page: project, check, page. */
  | ['check-accepted', string, string, string]
  /**
   * Every check setting of a project as one piece: what versions before 2026-11-29 wrote. Two
   * analysts who set aside different checks at once kept only the later's, so it is no longer
   * written: still read, and moved into the pieces above by the next change (`writeChanges`).
   */
  | ['checks', string]
  | ['report-language', string]
  /** A report's results before its last re-analysis (./results-before.ts): report id. */
  | ['before', string]
  | ['segment', string, string]
  | ['note', string]
  | ['seen', string]
  | ['looked']
  | ['branding'];

export const keyOf = (key: PieceKey): string => JSON.stringify(key);

/** The pieces of a project's check settings, one per setting. */
const CHECK_SETTING = new Set<string>(['check-off', 'check-accepted']);

function readKey(key: string): PieceKey | null {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? (parsed as PieceKey) : null;
  } catch {
    return null;
  }
}

/**
 * A field of a piece's value as stored, if the value is an object: what its key must match (a
 * peer cannot hide one piece behind another's key).
 */
const fieldOf = (value: unknown, field: 'id' | 'check' | 'page'): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;

/** The id a piece's value carries (notes, segments, saved views), if any. */
export const idOf = (value: unknown): unknown => fieldOf(value, 'id');

/** The workspace's pieces and their values (a piece that is absent has none). */
export function piecesOf(workspace: Workspace): Map<string, unknown> {
  const pieces = new Map<string, unknown>();
  for (const { project, watch, plan, checks, segments, reportLanguage } of workspace.projects) {
    pieces.set(keyOf(['watch', project]), watch);
    if (plan) pieces.set(keyOf(['plan', project]), plan);
    for (const off of checks?.off ?? []) pieces.set(keyOf(['check-off', project, off.check]), off);
    for (const accepted of checks?.accepted ?? [])
      pieces.set(keyOf(['check-accepted', project, accepted.check, accepted.page]), accepted);
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

/**
 * Appends an edit for each piece that differs between `before` and `after` (call inside a
 * transaction). A piece shown without a register of its own came from a project's check settings
 * as one piece (the old form): it is written as its own, and the old piece removed, in the same
 * transaction, so that nothing is ever in neither.
 */
export function writeChanges(registers: Registers, before: Workspace, after: Workspace, now: number): number {
  const old = piecesOf(before);
  const next = piecesOf(after);
  const stored = readRegisters(registers);
  const writes: [string, unknown][] = [];
  for (const [key, value] of next) {
    const fromOldForm = !stored.has(key) && CHECK_SETTING.has(readKey(key)?.[0] ?? '');
    if (!old.has(key) || !sameValue(old.get(key), value) || fromOldForm) writes.push([key, value]);
  }
  for (const key of old.keys()) if (!next.has(key)) writes.push([key, null]);
  stored.forEach((edits, key) => {
    if (readKey(key)?.[0] === 'checks' && valueOf(edits) != null) writes.push([key, null]);
  });
  appendEdits(registers, writes, now);
  return writes.length;
}

interface ProjectParts {
  project: string;
  since: number;
  watch?: unknown;
  plan?: unknown;
  /** The old form's check settings (one piece), if a version before wrote it. */
  checks?: unknown;
  'report-language'?: unknown;
  segments: { since: number; value: unknown }[];
  off: { since: number; value: unknown }[];
  accepted: { since: number; value: unknown }[];
}

/**
 * A project's check settings from its pieces: each setting's own, and those of the old form's one
 * piece that have no register of their own (one that does, even removed, is newer). Oldest first.
 */
function checksOf(parts: ProjectParts, stored: ReadonlyMap<string, unknown>, bySince: Since): CheckSettingsRead {
  const { project, checks: oldForm } = parts;
  const fromOldForm = (list: 'off' | 'accepted', keyOfEntry: (entry: unknown) => PieceKey) => {
    const entries = typeof oldForm === 'object' && oldForm !== null ? (oldForm as Record<string, unknown>)[list] : [];
    return (Array.isArray(entries) ? entries : [])
      .filter((entry) => !stored.has(keyOf(keyOfEntry(entry))))
      .map((value) => ({ since: parts.since, value }));
  };
  const off = [...fromOldForm('off', (entry) => ['check-off', project, String(fieldOf(entry, 'check'))]), ...parts.off];
  const accepted = [
    ...fromOldForm('accepted', (entry) => [
      'check-accepted',
      project,
      String(fieldOf(entry, 'check')),
      String(fieldOf(entry, 'page')),
    ]),
    ...parts.accepted,
  ];
  // None at all reads as no settings: the schema leaves the field out.
  return {
    off: off.sort(bySince).map(({ value }) => value),
    accepted: accepted.sort(bySince).map(({ value }) => value),
  };
}

type Since = (a: { since: number }, b: { since: number }) => number;
/** Check settings as put together, before the schema reads each entry. */
type CheckSettingsRead = { off: unknown[]; accepted: unknown[] };

/** Puts the workspace together from its pieces, read through the workspace's schema. */
export function workspaceFrom(registers: Registers, connection: string): Workspace {
  const projects = new Map<string, ProjectParts>();
  const projectOf = (project: string, since: number) => {
    let parts = projects.get(project);
    if (!parts) {
      parts = { project, since, segments: [], off: [], accepted: [] };
      projects.set(project, parts);
    }
    parts.since = Math.min(parts.since, since);
    return parts;
  };
  const notes: { since: number; value: unknown }[] = [];
  const seen: { since: number; id: string }[] = [];
  let lastLookedAt: unknown = null;
  let branding: unknown = null;

  const stored = readRegisters(registers);
  stored.forEach((edits, key) => {
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
      case 'check-off':
        if (fieldOf(value, 'check') === piece[2]) projectOf(piece[1], since).off.push({ since, value });
        break;
      case 'check-accepted':
        if (fieldOf(value, 'check') === piece[2] && fieldOf(value, 'page') === piece[3])
          projectOf(piece[1], since).accepted.push({ since, value });
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

  const bySince: Since = (a, b) => a.since - b.since;
  return parseWorkspace({
    ...emptyWorkspace(connection),
    projects: [...projects.values()].sort(bySince).map((parts) => ({
      project: parts.project,
      watch: parts.watch,
      plan: parts.plan ?? null,
      checks: checksOf(parts, stored, bySince),
      segments: parts.segments.sort(bySince).map((segment) => segment.value),
      reportLanguage: parts['report-language'],
    })),
    notes: notes.sort(bySince).map((note) => note.value),
    marks: { lastLookedAt, seen: seen.sort(bySince).map((mark) => mark.id) },
    branding,
  });
}
