import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { ANALYSIS_TIMEOUT_MS, type Report, type ReportId } from '../../../api';
import { isUnknownOutcome, type WriteRequest } from '../../../api/write-outcomes';
import { canSendLater, SendLater } from '../../../components/send-later';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
import { useConnection } from '../../connection';
import { trackReanalysis, useReanalysisRunning } from '../../report-actions';
import { useReanalyseReport } from '../../report-actions';
import { previousResults } from '../../kept-results';

/**
 * A report's re-analysis: started from the toolbar, said below it. It goes on when the person
 * leaves (background-analysis.tsx); a lost answer is settled by reading the report, and while
 * that cannot be done the outcome is unknown and only "Check again" is offered, never a second
 * re-analysis (src/api/write-outcomes.ts). `report` is what the page shows (undefined while it
 * loads): the results a re-analysis replaces.
 */
export function useReanalysis(id: ReportId, report: Report | undefined) {
  const connection = useConnection();
  const reanalyse = useReanalyseReport(id);
  const settle = useSettleProgress();
  const unknown = isUnknownOutcome<Report>(reanalyse.error) ? reanalyse.error : null;
  const running = useReanalysisRunning(id) || reanalyse.isPending;

  const run = (request: WriteRequest<void, Report>) => {
    if (!report) return;
    settle.clear();
    const send = () => reanalyse.mutateAsync({ ...request, onSettling: settle.onSettling });
    // Kept before the request goes: the service overwrites the results in place. Checking again
    // on an unknown outcome sends nothing: what was kept then still holds. A failure is the
    // mutation's to say (its status below).
    trackReanalysis(
      report,
      'input' in request ? () => previousResults.keepWhile(connection, report, send) : send,
    ).catch(() => undefined);
  };

  return {
    running,
    /** Whether a re-analysis may be started: not while one runs or its outcome is unknown. */
    canStart: !running && unknown === null,
    start: () => {
      if (!running && unknown === null) run({ input: undefined });
    },
    status: (
      <ReanalysisStatus
        running={running}
        reanalyse={reanalyse}
        settle={settle}
        unknown={unknown}
        onRetry={() => run({ input: undefined })}
        onCheckAgain={() => {
          if (unknown) run({ recheck: unknown.recheck });
        }}
      />
    ),
  };
}

interface ReanalysisStatusProps {
  running: boolean;
  reanalyse: ReturnType<typeof useReanalyseReport>;
  settle: ReturnType<typeof useSettleProgress>;
  unknown: unknown;
  onRetry: () => void;
  onCheckAgain: () => void;
}

function ReanalysisStatus({ running, reanalyse, settle, unknown, onRetry, onCheckAgain }: ReanalysisStatusProps) {
  const { t } = useLingui();
  const question = t({
    message: 'the page was analysed again',
    comment: 'Completes "Checking whether …" and "We could not find out whether …" after a lost answer',
  });
  // The limit in whole minutes, as it is set.
  const minutes = Math.max(1, Math.round(ANALYSIS_TIMEOUT_MS / 60_000));
  const settling = reanalyse.isPending && settle.progress !== null;
  // A "not now" from the service (its limit) analysed nothing: it offers to send it later.
  const later = reanalyse.isError && canSendLater(reanalyse.error) ? reanalyse.error : null;
  const failure = reanalyse.isError && !unknown && !later ? describeError(reanalyse.error) : null;
  const title = failure?.title;
  const detail = failure?.detail;
  return (
    <div className="no-print">
      {settling && settle.progress ? <SettlingNotice progress={settle.progress} question={question} /> : null}
      <div role="status" className="analysis-status">
        {running && !settling ? (
          <p className="notice notice--info">
            <span className="spinner" aria-hidden="true" />{' '}
            {plural(minutes, {
              one: 'Re-analysing… This usually takes a few seconds and can take up to # minute. You can leave this page: a notice with a link tells you when it is done.',
              other:
                'Re-analysing… This usually takes a few seconds and can take up to # minutes. You can leave this page: a notice with a link tells you when it is done.',
            })}
          </p>
        ) : null}
        {reanalyse.isSuccess && reanalyse.data.settledByReading && !running ? (
          <p className="notice notice--info">{t`The connection was lost before the service answered, but the page was analysed again.`}</p>
        ) : null}
      </div>
      {unknown && !running ? (
        <UnknownOutcomeNotice question={question} checking={reanalyse.isPending} onCheckAgain={onCheckAgain} />
      ) : null}
      {later && !running ? (
        <SendLater error={later} notDone={t`The page was not analysed again yet.`} onSend={onRetry} />
      ) : null}
      {failure && !running ? (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>{t`The re-analysis failed.`}</strong> {t`${title}: ${detail} The previous results are still shown.`}
          </p>
          <button type="button" className="button button--small" onClick={onRetry}>
            {t`Try again`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
