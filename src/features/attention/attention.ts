import type { Importance } from '../../api';
import {
  compareStatesSteps,
  runToEnd,
  stateAtSteps,
  type PageChange,
  type ProjectSnapshot,
  type ReadReport,
  type StateComparison,
} from '../audit';
import { entryOf, type ProjectWatch, type Workspace } from '../workspace';

/**
 * What needs the analyst's attention since they last looked, from the projects read on this
 * device: a project below its target, pages that newly fail a high-importance check, pages whose
 * score fell by the project's number of points or more. Built on the audit's history (the state
 * of a site at a moment, and what changed between two): "since" is the state when the analyst
 * last marked everything seen, "now" the latest run of each page. Pure.
 *
 * Ten projects of thousands of runs are too much for one task: the work is a generator that yields
 * every few pages (`attentionSteps`, run in slices by the hook), and each project's items are
 * kept by its runs, its settings and the moment compared against, so that marking an item seen
 * (or a tab's workspace changing) works out only what changed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Before the analyst first marks everything seen, the list looks back this far. */
export const FIRST_LOOK_BACK_DAYS = 30;

export interface AttentionPage {
  url: string;
  /** The page's latest run, to open. */
  reportId: string;
  before: number | null;
  after: number | null;
}

interface ItemBase {
  /** Changes when what the item says changes, so that a mark "seen" does not hide news. */
  id: string;
  project: string;
}

export type AttentionItem =
  | (ItemBase & { kind: 'target'; target: number; health: number })
  | (ItemBase & { kind: 'new-failure'; check: string; importance: Importance | null; pages: AttentionPage[] })
  | (ItemBase & { kind: 'drop'; points: number; pages: AttentionPage[] });

export interface Attention {
  /** The moment compared against (epoch ms). */
  since: number;
  /** Whether `since` is the analyst's last look (false: the first look back). */
  sinceLastLook: boolean;
  /** Items not marked seen, then those that are. */
  items: AttentionItem[];
  seen: AttentionItem[];
  /** The projects it covers: every project read on this device, by name. */
  projects: string[];
}

/** FNV-1a of the text: a short id for a set of runs. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

const pageOf = (change: PageChange): AttentionPage => ({
  url: change.url,
  reportId: (change.after ?? change.before)?.id ?? '',
  before: change.before?.score ?? null,
  after: change.after?.score ?? null,
});

/** The runs behind a set of pages: the same pages after a new run are news again. */
const runsId = (pages: readonly PageChange[]) =>
  digest(pages.map((page) => `${page.key}@${page.after?.id}@${page.after?.generatedAt}`).join('|'));

export function projectAttention(
  snapshot: ProjectSnapshot,
  workspace: Workspace,
  since: number,
  sinceLastLook = true,
): AttentionItem[] {
  return runToEnd(projectAttentionSteps(snapshot, workspace, since, sinceLastLook));
}

interface KeptItems {
  /** What the items were worked out from, besides the runs (the map's key). */
  basis: string;
  items: AttentionItem[];
}
/** By the runs' array: a new read or write is a new array. */
const keptItems = new WeakMap<readonly ReadReport[], KeptItems>();

/** projectAttention, yielding every few pages; kept by what it depends on. */
export function* projectAttentionSteps(
  snapshot: ProjectSnapshot,
  workspace: Workspace,
  since: number,
  sinceLastLook = true,
): Generator<void, AttentionItem[]> {
  const { watch } = entryOf(workspace, snapshot.project);
  const basis = JSON.stringify([
    snapshot.project,
    since,
    sinceLastLook,
    watch.target,
    watch.newHighFailures,
    watch.dropPoints,
  ]);
  const kept = keptItems.get(snapshot.reports);
  if (kept?.basis === basis) return kept.items;
  const before = yield* stateAtSteps(snapshot.reports, since);
  // "Now" is every run kept, one dated ahead of this clock too.
  const after = yield* stateAtSteps(snapshot.reports, Infinity);
  const comparison = yield* compareStatesSteps(before, after);
  const items = itemsOf(snapshot.project, watch, comparison, sinceLastLook);
  keptItems.set(snapshot.reports, { basis, items });
  return items;
}

function itemsOf(
  project: string,
  watch: ProjectWatch,
  comparison: StateComparison,
  sinceLastLook: boolean,
): AttentionItem[] {
  const items: AttentionItem[] = [];
  const health = comparison.after.health.average;
  const before = comparison.before.health.average;
  // A target missed is news the first time, then when it is newly missed or the health moved.
  const newlyMissed =
    !sinceLastLook ||
    before === null ||
    before >= (watch.target ?? 0) ||
    Math.round(before) !== Math.round(health ?? 0);
  if (watch.target !== null && health !== null && health < watch.target && newlyMissed) {
    const rounded = Math.round(health);
    items.push({
      id: `target|${project}|${watch.target}|${rounded}`,
      project,
      kind: 'target',
      target: watch.target,
      health,
    });
  }
  if (watch.newHighFailures) {
    for (const check of comparison.checks) {
      if (check.importance !== 'high' || check.newlyFailing.length === 0) continue;
      items.push({
        id: `fail|${project}|${check.check}|${runsId(check.newlyFailing)}`,
        project,
        kind: 'new-failure',
        check: check.check,
        importance: check.importance,
        pages: check.newlyFailing.map(pageOf),
      });
    }
  }
  if (watch.dropPoints !== null) {
    const limit = watch.dropPoints;
    const drops = comparison.changed.filter((page) => page.scoreChange !== null && page.scoreChange <= -limit);
    if (drops.length > 0) {
      items.push({
        id: `drop|${project}|${limit}|${runsId(drops)}`,
        project,
        kind: 'drop',
        points: limit,
        pages: drops.map(pageOf),
      });
    }
  }
  return items;
}

export function needsAttention(snapshots: readonly ProjectSnapshot[], workspace: Workspace, now: number): Attention {
  return runToEnd(attentionSteps(snapshots, workspace, now));
}

/** needsAttention, yielding every few pages (the hook runs it in slices). */
export function* attentionSteps(
  snapshots: readonly ProjectSnapshot[],
  workspace: Workspace,
  now: number,
): Generator<void, Attention> {
  const lastLook = workspace.marks.lastLookedAt === null ? NaN : Date.parse(workspace.marks.lastLookedAt);
  // A last look dated ahead of this clock (another device's clock, a hostile record) counts as now.
  const sinceLastLook = Number.isFinite(lastLook);
  const since = sinceLastLook ? Math.min(lastLook, now) : now - FIRST_LOOK_BACK_DAYS * DAY_MS;
  const seenIds = new Set(workspace.marks.seen);
  const items: AttentionItem[] = [];
  const seen: AttentionItem[] = [];
  const sorted = [...snapshots].sort((a, b) => (a.project < b.project ? -1 : a.project > b.project ? 1 : 0));
  for (const snapshot of sorted) {
    for (const item of yield* projectAttentionSteps(snapshot, workspace, since, sinceLastLook)) {
      (seenIds.has(item.id) ? seen : items).push(item);
    }
  }
  return { since, sinceLastLook, items, seen, projects: sorted.map((snapshot) => snapshot.project) };
}
