import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { Report, ReportId } from '../../api';
import { isUnknownOutcome, type DuplicateCheck } from '../../api/write-outcomes';
import { toast } from '../../components/toast';
import { describeError } from '../../api/error-words';
import { paths } from '../../lib/paths';
import { reportListState } from '../reports';

/**
 * Analyses (a new report, a re-analysis) run inside one slow request that goes on when the
 * person leaves the page. This module tracks them across pages: a report page shows a
 * re-analysis started earlier as still running, and an analysis that ends while its report is not
 * on screen ends in a notice that leads to it.
 */

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
    <Link to={paths.report.getHref(id)} className="toast__link">
      Open the report
    </Link>
  );
}

/** A lost answer, said up front: the notice comes later than the person expected. */
const LOST = 'The connection was lost before the service answered, but ';

/**
 * Runs a re-analysis and, if it ends while its report is not on screen, says so with a link.
 * The caller shows the outcome itself when it is still there.
 */
export async function trackReanalysis(
  report: Report,
  run: () => Promise<{ report: Report; settledByReading: boolean }>,
): Promise<Report> {
  reanalysing.add(report.id);
  emit();
  try {
    const { report: next, settledByReading } = await run();
    if (!onScreen.has(report.id)) {
      const score =
        report.score !== null && next.score !== null && report.score !== next.score
          ? ` The score went from ${report.score} to ${next.score}.`
          : '';
      const page = next.url || 'the page';
      toast.success(
        <>
          {settledByReading ? `${LOST}the new analysis of ${page} is done.` : `The new analysis of ${page} is done.`}
          {score} <OpenReport id={next.id} />
        </>,
        { sticky: true },
      );
    }
    return next;
  } catch (error) {
    if (!onScreen.has(report.id)) {
      const page = report.url || 'the page';
      toast.error(
        <>
          {isUnknownOutcome(error)
            ? `We could not find out whether ${page} was analysed again: the connection was lost and the service cannot be reached. Its report says which results it holds.`
            : `The new analysis of ${page} did not finish: ${describeError(error).title.toLowerCase()}.`}{' '}
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

/**
 * A report created after the person left the new-report page: a notice leads to it, and says
 * when the store left a second report, which its page offers to delete.
 */
export function noticeCreatedElsewhere(report: Report, settledByReading: boolean, duplicates: DuplicateCheck): void {
  const page = report.url || 'the page';
  const twice = duplicates.checked && duplicates.others.length > 0;
  toast.success(
    <>
      {settledByReading ? `${LOST}the report for ${page} was created.` : `Report created for ${page}.`}
      {twice
        ? ' The service holds it twice (the request was sent twice): its page offers to delete the extra one.'
        : ''}{' '}
      <OpenReport id={report.id} />
    </>,
    { sticky: true },
  );
}

/**
 * A new report that failed, or whose outcome stayed unknown, after the person left the page. An
 * unknown one leads to the list of that page's reports, where it shows if it was created.
 */
export function noticeNotCreatedElsewhere(url: string, error: unknown): void {
  if (isUnknownOutcome(error)) {
    toast.error(
      <>
        We could not find out whether the report for {url} was created: the connection was lost and the service cannot
        be reached. Look for it before trying again.{' '}
        <Link to={reportListState.href({ search: url })} className="toast__link">
          Reports of this page
        </Link>
      </>,
    );
    return;
  }
  toast.error(`The report for ${url} was not created: ${describeError(error).title.toLowerCase()}.`);
}
