import type { Report, ReportId } from '../../api';
import { isNewerRun, toReadReport } from './aggregate';
import type { ProjectSnapshot, ReadReport } from './types';

/**
 * A write the dashboard made and the service accepted, as the audit learns it: from a report's
 * page or from an item of a bulk job, the moment it finishes (see applyReportWrite). Without it
 * the audit would only learn of the write on the next visit's refresh, and a privacy change of
 * an older report not even then (it does not change `generated_at`).
 */
export type ReportWrite =
  /** `project` when the caller knows it (the report's page, a job item); else it is looked up. */
  | { kind: 'deleted'; id: ReportId; project?: string }
  /** The report as the service answered: only its privacy is taken. */
  | { kind: 'privacy'; report: Report }
  /** A report created or analysed again: the new run replaces the one kept, or joins the project. */
  | { kind: 'analysed'; report: Report };

export const reportIdOf = (write: ReportWrite): ReportId => (write.kind === 'deleted' ? write.id : write.report.id);

function without(reports: readonly ReadReport[], index: number): ReadReport[] {
  return [...reports.slice(0, index), ...reports.slice(index + 1)];
}

/**
 * The snapshot after the write, or null when the write changes nothing in it. Applying a write
 * twice gives what applying it once does: a read that ran while the write landed gets it again.
 * `total` follows the reports (a delete lowers it only when the report was kept), so the next
 * refresh's comparison with the service's count still tells about deletes made elsewhere.
 */
export function applyWriteToSnapshot(snapshot: ProjectSnapshot, write: ReportWrite): ProjectSnapshot | null {
  const id = reportIdOf(write);
  const index = snapshot.reports.findIndex((report) => report.id === id);
  const kept = snapshot.reports[index];
  switch (write.kind) {
    case 'deleted':
      if (!kept) return null;
      return { ...snapshot, reports: without(snapshot.reports, index), total: Math.max(0, snapshot.total - 1) };
    case 'privacy': {
      const { privacy, hasPassword } = write.report;
      if (!kept || (kept.privacy === privacy && kept.hasPassword === hasPassword)) return null;
      const reports = [...snapshot.reports];
      reports[index] = { ...kept, privacy, hasPassword };
      return { ...snapshot, reports };
    }
    case 'analysed': {
      if (write.report.project !== snapshot.project) return null;
      // Marked: a refresh must not stop at it (see ReadReport.unconfirmed).
      const next: ReadReport = { ...toReadReport(write.report), unconfirmed: true };
      if (kept && isNewerRun(kept, next)) return null; // a newer run of it is kept already
      // Newest first, as the service lists them by `generated_at`.
      const others = kept ? without(snapshot.reports, index) : snapshot.reports;
      return { ...snapshot, reports: [next, ...others], total: snapshot.total + (kept ? 0 : 1) };
    }
  }
}
