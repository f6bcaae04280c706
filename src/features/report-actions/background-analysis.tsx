import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import type { Report, ReportId } from '../../api';
import { isUnknownOutcome, type DuplicateCheck } from '../../api/write-outcomes';
import { toast } from '../../components/toast';
import { describeError, reasonInSentence } from '../../api/error-words';
import { paths } from '../../lib/paths';
import { reportListState } from '../reports';
import { reportActionsCatalog } from './catalog';

/**
 * Analyses (a new report, a re-analysis) run inside one slow request that goes on when the
 * person leaves the page. This module tracks them across pages: a report page shows a
 * re-analysis started earlier as still running, and an analysis that ends while its report is not
 * on screen ends in a notice that leads to it.
 *
 * The notices are said in the language on screen when they are made (`t` of the app's instance):
 * each waits for this folder's words first, since the page that started the analysis, which
 * loaded them, may be gone, or the language switched since.
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

/** This folder’s words in the language on screen, before a notice is made; a failed load (offline) does not hold the notice back. */
async function wordsIn(): Promise<void> {
  await reportActionsCatalog()?.catch(() => undefined);
}

/** The notice's way to the report, its words made with the notice's. */
function openReport(id: ReportId) {
  return (
    <Link to={paths.report.getHref(id)} className="toast__link">
      {t`Open the report`}
    </Link>
  );
}

/** That a re-analysis is done, said first when the answer was lost: the notice comes later than expected. */
function reanalysisDone(page: string, settledByReading: boolean): string {
  if (settledByReading)
    return page
      ? t`The connection was lost before the service answered, but the new analysis of ${page} is done.`
      : t`The connection was lost before the service answered, but the new analysis of the page is done.`;
  return page ? t`The new analysis of ${page} is done.` : t`The new analysis of the page is done.`;
}

function reanalysisFailed(page: string, error: unknown): string {
  if (isUnknownOutcome(error))
    return page
      ? t`We could not find out whether ${page} was analysed again: the connection was lost and the service cannot be reached. Its report says which results it holds.`
      : t`We could not find out whether the page was analysed again: the connection was lost and the service cannot be reached. Its report says which results it holds.`;
  // The failure's title, said inside the sentence (as the privacy form does).
  const reason = reasonInSentence(describeError(error).title);
  return page
    ? t`The new analysis of ${page} did not finish: ${reason}.`
    : t`The new analysis of the page did not finish: ${reason}.`;
}

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
  // Fetched meanwhile (the analysis takes seconds), in case it ends elsewhere.
  void wordsIn();
  try {
    const { report: next, settledByReading } = await run();
    if (!onScreen.has(report.id)) {
      await wordsIn();
      const before = report.score;
      const after = next.score;
      const score =
        before !== null && after !== null && before !== after ? t`The score went from ${before} to ${after}.` : '';
      toast.success(
        <>
          {reanalysisDone(next.url, settledByReading)}
          {score ? ` ${score}` : ''} {openReport(next.id)}
        </>,
        { sticky: true },
      );
    }
    return next;
  } catch (error) {
    if (!onScreen.has(report.id)) {
      await wordsIn();
      toast.error(
        <>
          {reanalysisFailed(report.url, error)} {openReport(report.id)}
        </>,
      );
    }
    throw error;
  } finally {
    reanalysing.delete(report.id);
    emit();
  }
}

/** As the new-report page says it when the person is still there (the same messages). */
function reportCreated(address: string, settledByReading: boolean): string {
  if (settledByReading)
    return address
      ? t`The connection was lost before the service answered, but the report for ${address} was created.`
      : t`The connection was lost before the service answered, but the report for the page was created.`;
  return address ? t`Report created for ${address}.` : t`Report created for the page.`;
}

/**
 * A report created after the person left the new-report page: a notice leads to it, and says
 * when the store left a second report, which its page offers to delete.
 */
export function noticeCreatedElsewhere(report: Report, settledByReading: boolean, duplicates: DuplicateCheck): void {
  const twice = duplicates.checked && duplicates.others.length > 0;
  void wordsIn().then(() =>
    toast.success(
      <>
        {reportCreated(report.url, settledByReading)}
        {twice
          ? ` ${t`The service holds it twice (the request was sent twice): its page offers to delete the extra one.`}`
          : ''}{' '}
        {openReport(report.id)}
      </>,
      { sticky: true },
    ),
  );
}

/**
 * A new report that failed, or whose outcome stayed unknown, after the person left the page. An
 * unknown one leads to the list of that page's reports, where it shows if it was created.
 */
export function noticeNotCreatedElsewhere(url: string, error: unknown): void {
  void wordsIn().then(() => {
    if (isUnknownOutcome(error)) {
      toast.error(
        <>
          {t`We could not find out whether the report for ${url} was created: the connection was lost and the service cannot be reached. Look for it before trying again.`}{' '}
          <Link to={reportListState.href({ search: url })} className="toast__link">
            {t`Reports of this page`}
          </Link>
        </>,
      );
      return;
    }
    const reason = reasonInSentence(describeError(error).title);
    toast.error(t`The report for ${url} was not created: ${reason}.`);
  });
}
