import { connectionIdOf } from '../../lib/connection-key';
import { countKeptAudits, deleteKeptAudits, listKeptAudits, type KeptAudit } from '../audit';
import { getConnection } from '../connection';
import {
  countKept,
  planRetention,
  type KeptItem,
  type KeptNow,
  type RetentionPlan,
  type RetentionRules,
  type StorageKind,
} from '../device-storage';
import { savedJobsFootprint } from '../jobs';
import { previousResults, type KeptEarlierResult } from '../kept-results';
import { countWorkspaceDocuments, workspaceFootprint } from '../workspace';

/**
 * What the dashboard keeps on this device, kind by kind, for the settings page's figures and the
 * marker of what was kept (features/device-storage), the workspace first.
 */
export const KEPT_KINDS: readonly StorageKind[] = [
  {
    id: 'workspace',
    label: 'Workspace',
    entry: { one: 'piece', many: 'pieces' },
    // Not in the marker of what was kept: its document is made when first opened, so a count of
    // documents cannot tell "kept" from "opened", and a count of its pieces would load Yjs on
    // every start. A team keeps a copy on its sync server.
    lasting: false,
    footprint: workspaceFootprint,
    count: countWorkspaceDocuments,
  },
  {
    id: 'audits',
    label: 'Kept audits',
    entry: { one: 'project', many: 'projects' },
    lasting: true,
    footprint: async () => {
      const audits = await listKeptAudits();
      return { entries: audits.length, bytes: audits.reduce((sum, audit) => sum + audit.bytes, 0) };
    },
    count: countKeptAudits,
  },
  {
    id: 'earlier',
    label: 'Results before a re-analysis',
    entry: { one: 'report', many: 'reports' },
    lasting: true,
    footprint: async () => {
      const results = await previousResults.list();
      return { entries: results.length, bytes: results.reduce((sum, result) => sum + result.bytes, 0) };
    },
    count: () => previousResults.count(),
  },
  {
    id: 'jobs',
    label: 'Jobs waiting or under way',
    entry: { one: 'job', many: 'jobs' },
    lasting: false,
    footprint: savedJobsFootprint,
  },
];

/** What the marker of what was kept compares: the stores as they are now. */
export const KEPT_NOW: KeptNow = {
  counts: () => countKept(KEPT_KINDS),
  connection: () => Promise.resolve(connectionIdOf(getConnection())),
  lasting: KEPT_KINDS.filter((kind) => kind.lasting).map((kind) => kind.id),
};

/** What the retention rules remove, each as its store knows it. */
export type KeptRef = { kind: 'audits'; audit: KeptAudit } | { kind: 'earlier'; result: KeptEarlierResult };

/** Words for what the rules remove, per kind: "1 kept audit", "40 earlier results". */
export const RETAINED_WORDS: Record<KeptRef['kind'], { one: string; many: string }> = {
  audits: { one: 'kept audit', many: 'kept audits' },
  earlier: { one: 'earlier result', many: 'earlier results' },
};

/**
 * Everything the retention rules apply to. A kept audit is one project's read, its "page" the
 * project: only its age removes it (the service keeps every run, and the next visit reads it
 * again). An earlier result is one report's results before its re-analysis, a run of its page.
 */
export async function retainedItems(): Promise<KeptItem<KeptRef>[]> {
  const [audits, results] = await Promise.all([listKeptAudits(), previousResults.list()]);
  return [
    ...audits.map((audit): KeptItem<KeptRef> => ({
      kind: 'audits',
      page: `${audit.connectionId}\n${audit.project}`,
      at: audit.readAt,
      bytes: audit.bytes,
      ref: { kind: 'audits', audit },
    })),
    ...results.map((result): KeptItem<KeptRef> => ({
      kind: 'earlier',
      page: `${result.scope}\n${result.url}`,
      at: result.keptAt,
      bytes: result.bytes,
      ref: { kind: 'earlier', result },
    })),
  ];
}

/** What the rules would remove now. */
export async function previewRetention(rules: RetentionRules): Promise<RetentionPlan<KeptRef>> {
  return planRetention(await retainedItems(), rules, Date.now());
}

/** Removes exactly these items, each only if it is still the one listed. How many went, per kind. */
export async function removeRetained(items: readonly KeptItem<KeptRef>[]): Promise<Record<KeptRef['kind'], number>> {
  const audits = items.flatMap(({ ref }) => (ref.kind === 'audits' ? [ref.audit] : []));
  const results = items.flatMap(({ ref }) => (ref.kind === 'earlier' ? [ref.result] : []));
  const [audit, earlier] = await Promise.all([
    audits.length > 0 ? deleteKeptAudits(audits) : 0,
    results.length > 0 ? previousResults.remove(results) : 0,
  ]);
  return { audits: audit, earlier };
}
