import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { Report, ReportId } from '../../api';
import { ANALYSIS_TIMEOUT_MS } from '../../api/request';
import { describeError } from '../../components/states';
import { toast } from '../../components/toast';
import { reportHref } from './report-href';

/**
 * Analyses (a new report, a re-analysis) run inside one slow request that goes on when the
 * person leaves the page. This module tracks them across pages: a report page shows a
 * re-analysis started earlier as still running, and an analysis that ends while its report is not
 * on screen ends in a notice that leads to it.
 */

/** "2 minutes": the client's real time limit for an analysis, for the words on screen. */
export const ANALYSIS_LIMIT_TEXT = (() => {
  const minutes = ANALYSIS_TIMEOUT_MS / 60_000;
  if (Number.isInteger(minutes)) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.round(ANALYSIS_TIMEOUT_MS / 1000)} seconds`;
})();

const reanalysing = new Set<ReportId>();
const onScreen = new Map<ReportId, number>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Marks a report's page as on screen while the calling component is mounted. */
export function useReportOnScreen(id: ReportId): void {
  useEffect(() => {
    onScreen.set(id, (onScreen.get(id) ?? 0) + 1);
    return () => {
      const count = (onScreen.get(id) ?? 1) - 1;
      if (count > 0) onScreen.set(id, count);
      else onScreen.delete(id);
    };
  }, [id]);
}

/** Whether a re-analysis of this report is on its way, started on this page or an earlier visit. */
export function useReanalysisRunning(id: ReportId): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reanalysing.has(id),
    () => false,
  );
}

function OpenReport({ id }: { id: ReportId }) {
  return (
    <Link to={reportHref(id)} className="toast__link">
      Open the report
    </Link>
  );
}

/**
 * Runs a re-analysis and, if it ends while its report is not on screen, says so with a link.
 * The caller shows the outcome itself when it is still there.
 */
export async function trackReanalysis(report: Report, run: () => Promise<Report>): Promise<Report> {
  reanalysing.add(report.id);
  emit();
  try {
    const next = await run();
    if (!onScreen.has(report.id)) {
      const score =
        report.score !== null && next.score !== null && report.score !== next.score
          ? ` The score went from ${report.score} to ${next.score}.`
          : '';
      toast.success(
        <>
          The new analysis of {next.url || 'the page'} is done.{score} <OpenReport id={next.id} />
        </>,
        { sticky: true },
      );
    }
    return next;
  } catch (error) {
    if (!onScreen.has(report.id)) {
      const { title } = describeError(error);
      toast.error(
        <>
          The new analysis of {report.url || 'the page'} did not finish: {title.toLowerCase()}.{' '}
          <OpenReport id={report.id} />
        </>,
      );
    }
    throw error;
  } finally {
    reanalysing.delete(report.id);
    emit();
  }
}

/** A report created after the person left the new-report page: a notice leads to it. */
export function noticeCreatedElsewhere(report: Report): void {
  toast.success(
    <>
      Report created for {report.url || 'the page'}. <OpenReport id={report.id} />
    </>,
    { sticky: true },
  );
}
