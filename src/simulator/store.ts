import type { SeedReport } from './seed';
import type { ProjectRecord, ReportRecord } from './types';

// The simulated account's data: reports by id, and projects derived from them by host,
// exactly as the service does it (there is no separate project record).

/** Where demo mode keeps the state between page loads (e.g. localStorage). */
export interface Persistence {
  load(): string | null;
  save(data: string): void;
}

export type ReportChanges = Partial<Omit<ReportRecord, 'id'>>;

export interface ReportStore {
  /** All reports, oldest id first, in a fresh array (sort it freely). Records are replaced on
   * change, never mutated: treat the records themselves as read-only. */
  reports(): ReportRecord[];
  get(id: number): ReportRecord | undefined;
  add(report: SeedReport): ReportRecord;
  update(id: number, changes: ReportChanges): ReportRecord | undefined;
  remove(id: number): boolean;
  /** GROUP BY project, in no particular order (the list endpoint sorts). */
  projects(): ProjectRecord[];
  /** Deletes every report of the project; answers how many went. */
  removeProject(project: string): number;
  /** Replaces everything (e.g. with fresh seed data) and restarts ids at 1. */
  replaceAll(reports: readonly SeedReport[]): void;
  serialize(): string;
  /** Throws on data that is not a serialised store; the current state is then kept. */
  load(data: string): void;
}

interface SerializedStore {
  version: 1;
  nextId: number;
  reports: ReportRecord[];
}

function isReportRecord(value: unknown): value is ReportRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.id === 'number' &&
    typeof r.url === 'string' &&
    typeof r.project === 'string' &&
    typeof r.result === 'number' &&
    typeof r.results === 'object' &&
    r.results !== null &&
    (r.privacy === 0 || r.privacy === 1 || r.privacy === 2) &&
    typeof r.password === 'boolean' &&
    typeof r.generated_at === 'string' &&
    typeof r.created_at === 'string' &&
    typeof r.updated_at === 'string'
  );
}

function parseSerialized(data: string): SerializedStore {
  const parsed: unknown = JSON.parse(data);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Stored simulator state is not an object');
  const candidate = parsed as Record<string, unknown>;
  if (candidate.version !== 1 || typeof candidate.nextId !== 'number' || !Array.isArray(candidate.reports)) {
    throw new Error('Stored simulator state has an unknown format');
  }
  const reports: unknown[] = candidate.reports;
  if (!reports.every(isReportRecord)) throw new Error('Stored simulator state holds a malformed report');
  return { version: 1, nextId: candidate.nextId, reports };
}

export interface StoreOptions {
  /** Called for the initial data and when stored state is missing or unreadable. */
  seed: () => readonly SeedReport[];
  persistence?: Persistence;
}

export function createStore({ seed, persistence }: StoreOptions): ReportStore {
  const byId = new Map<number, ReportRecord>();
  // Like an auto-increment column: ids are never reused, even after deletes.
  let nextId = 1;

  const save = () => {
    try {
      persistence?.save(store.serialize());
    } catch {
      // A full or disabled localStorage must not break the demo: it keeps working in memory.
    }
  };

  const fill = (reports: readonly SeedReport[]) => {
    byId.clear();
    nextId = 1;
    for (const report of reports) {
      byId.set(nextId, { id: nextId, ...report });
      nextId += 1;
    }
  };

  const store: ReportStore = {
    reports: () => [...byId.values()],
    get: (id) => byId.get(id),
    add(report) {
      const record: ReportRecord = { id: nextId, ...report };
      byId.set(record.id, record);
      nextId += 1;
      save();
      return record;
    },
    update(id, changes) {
      const current = byId.get(id);
      if (!current) return undefined;
      const next: ReportRecord = { ...current, ...changes, id };
      byId.set(id, next);
      save();
      return next;
    },
    remove(id) {
      const removed = byId.delete(id);
      if (removed) save();
      return removed;
    },
    projects() {
      const groups = new Map<string, { reports: number; sum: number; createdAt: string }>();
      for (const report of byId.values()) {
        const group = groups.get(report.project);
        if (!group) {
          groups.set(report.project, { reports: 1, sum: report.result, createdAt: report.created_at });
        } else {
          group.reports += 1;
          group.sum += report.result;
          if (report.created_at < group.createdAt) group.createdAt = report.created_at;
        }
      }
      // SUM() over a MySQL integer column reaches PHP as a string: imitate it.
      return [...groups].map(([project, group]) => ({
        project,
        reports: group.reports,
        result: String(group.sum),
        created_at: group.createdAt,
      }));
    },
    removeProject(project) {
      let removed = 0;
      for (const report of [...byId.values()]) {
        if (report.project === project) {
          byId.delete(report.id);
          removed += 1;
        }
      }
      if (removed > 0) save();
      return removed;
    },
    replaceAll(reports) {
      fill(reports);
      save();
    },
    serialize() {
      const data: SerializedStore = { version: 1, nextId, reports: [...byId.values()] };
      return JSON.stringify(data);
    },
    load(data) {
      const parsed = parseSerialized(data);
      byId.clear();
      for (const report of parsed.reports) byId.set(report.id, report);
      const highestId = Math.max(0, ...parsed.reports.map((r) => r.id));
      nextId = Math.max(parsed.nextId, highestId + 1);
    },
  };

  const stored = readPersisted(persistence);
  if (stored === null) {
    fill(seed());
  } else {
    try {
      store.load(stored);
    } catch {
      // Unreadable state (an older format, a hand edit): start over rather than break the demo.
      fill(seed());
      save();
    }
  }
  return store;
}

function readPersisted(persistence: Persistence | undefined): string | null {
  try {
    return persistence?.load() ?? null;
  } catch {
    // localStorage can throw (privacy mode, quota): behave as if nothing was stored.
    return null;
  }
}
