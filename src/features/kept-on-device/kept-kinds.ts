import { plural, t } from '@lingui/core/macro';
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
 * A kind as the settings page says it, in the language on screen (each getter and function asks
 * Lingui when called: from a component that calls `useLingui()`, so again on a switch).
 */
export interface KeptKind extends StorageKind {
  /** Its entries counted: "2 projects", "2 Projekte", "2 проекта". */
  counted(count: number): string;
  /** The kind and its count within a sentence: "kept audits (2 projects)". */
  inSentence(count: number): string;
}

/**
 * What the dashboard keeps on this device, kind by kind, for the settings page's figures and the
 * marker of what was kept (features/device-storage), the workspace first.
 */
export const KEPT_KINDS: readonly KeptKind[] = [
  {
    id: 'workspace',
    get label() {
      return t({ message: 'Workspace', comment: 'What the dashboard keeps on this device: the workspace' });
    },
    counted: (count) => plural(count, { one: '# piece', other: '# pieces' }),
    inSentence: (count) => plural(count, { one: 'the workspace (# piece)', other: 'the workspace (# pieces)' }),
    // Not in the marker of what was kept: its document is made when first opened, so a count of
    // documents cannot tell "kept" from "opened", and a count of its pieces would load Yjs on
    // every start. A team keeps a copy on its sync server.
    lasting: false,
    footprint: workspaceFootprint,
    count: countWorkspaceDocuments,
  },
  {
    id: 'audits',
    get label() {
      return t`Kept audits`;
    },
    counted: (count) => plural(count, { one: '# project', other: '# projects' }),
    inSentence: (count) => plural(count, { one: 'kept audits (# project)', other: 'kept audits (# projects)' }),
    lasting: true,
    footprint: async () => {
      const audits = await listKeptAudits();
      return { entries: audits.length, bytes: audits.reduce((sum, audit) => sum + audit.bytes, 0) };
    },
    count: countKeptAudits,
  },
  {
    id: 'earlier',
    get label() {
      return t`Results before a re-analysis`;
    },
    counted: (count) => plural(count, { one: '# report', other: '# reports' }),
    inSentence: (count) =>
      plural(count, {
        one: 'results before a re-analysis (# report)',
        other: 'results before a re-analysis (# reports)',
      }),
    lasting: true,
    footprint: async () => {
      const results = await previousResults.list();
      return { entries: results.length, bytes: results.reduce((sum, result) => sum + result.bytes, 0) };
    },
    count: () => previousResults.count(),
  },
  {
    id: 'jobs',
    get label() {
      return t`Jobs waiting or under way`;
    },
    counted: (count) => plural(count, { one: '# job', other: '# jobs' }),
    inSentence: (count) =>
      plural(count, { one: 'jobs waiting or under way (# job)', other: 'jobs waiting or under way (# jobs)' }),
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
export const RETAINED_WORDS: Record<KeptRef['kind'], (count: number) => string> = {
  audits: (count) => plural(count, { one: '# kept audit', other: '# kept audits' }),
  earlier: (count) => plural(count, { one: '# earlier result', other: '# earlier results' }),
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
