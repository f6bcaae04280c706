import { ANALYSIS_TIMEOUT_MS, type Check, type Report } from '../../../api';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../lib/error-words';
import { checkTitle } from '../../../lib/checks';
import { useReanalyseReport } from '../mutations';
import { diffReports, formatScoreDelta, hasChanges } from '../report-diff';

function CheckNames({ label, checks }: { label: string; checks: Check[] }) {
  if (checks.length === 0) return null;
  return (
    <div className="reanalyse-diff__group">
      <h3>{label}</h3>
      <ul aria-label={label}>
        {checks.map((check) => (
          <li key={check.name}>{checkTitle(check.name)}</li>
        ))}
      </ul>
    </div>
  );
}

function ChangeSummary({ previous, report }: { previous: Report | undefined; report: Report }) {
  if (!previous) {
    return <p>The page was analysed again. There were no earlier results on this screen to compare with.</p>;
  }
  const diff = diffReports(previous, report);
  return (
    <>
      <p>
        {diff.scoreDelta === null ? (
          'The score cannot be compared: one of the runs has none.'
        ) : (
          <>
            Score {diff.scoreBefore} → {diff.scoreAfter}{' '}
            <strong
              className={`score-delta score-delta--${diff.scoreDelta > 0 ? 'up' : diff.scoreDelta < 0 ? 'down' : 'same'}`}
            >
              ({formatScoreDelta(diff.scoreDelta)})
            </strong>
          </>
        )}
      </p>
      {hasChanges(diff) ? (
        <div className="reanalyse-diff__groups">
          <CheckNames label="Now passing" checks={diff.nowPassing} />
          <CheckNames label="Now failing" checks={diff.nowFailing} />
          <CheckNames label="New checks" checks={diff.added} />
          <CheckNames label="No longer checked" checks={diff.removed} />
        </div>
      ) : (
        <p>No check changed its outcome.</p>
      )}
    </>
  );
}

/** Re-analysis is as slow as creating a report: it says so, and then says what changed. */
export function ReanalysePanel({ report }: { report: Report }) {
  const reanalyse = useReanalyseReport(report.id);
  const settle = useSettleProgress();
  const start = () => {
    settle.clear();
    if (!reanalyse.isPending) reanalyse.mutate({ input: undefined, onSettling: settle.onSettling });
  };
  const unknown = isUnknownOutcome<Report>(reanalyse.error) ? reanalyse.error : null;
  const failure = reanalyse.isError && !unknown ? describeError(reanalyse.error) : null;
  return (
    <section className="report-section reanalyse" aria-labelledby="reanalyse-title">
      <h2 id="reanalyse-title">Analysis</h2>
      <div className="form__actions">
        <button type="button" className="button" onClick={start} disabled={reanalyse.isPending}>
          {reanalyse.isPending ? 'Re-analysing…' : 'Re-analyse page'}
        </button>
      </div>
      {reanalyse.isPending && settle.progress ? (
        <SettlingNotice progress={settle.progress} question="the page was analysed again" />
      ) : null}
      {unknown && !reanalyse.isPending ? (
        <UnknownOutcomeNotice
          question="the page was analysed again"
          checking={reanalyse.isPending}
          onCheckAgain={() => {
            settle.clear();
            reanalyse.mutate({ recheck: unknown.recheck, onSettling: settle.onSettling });
          }}
        />
      ) : null}
      <div role="status" className="analysis-status">
        {reanalyse.isPending && !settle.progress ? (
          <p className="notice notice--info">
            <span className="spinner" aria-hidden="true" /> Re-analysing… this can take up to{' '}
            {`${ANALYSIS_TIMEOUT_MS / 60_000} minutes`}.
          </p>
        ) : null}
      </div>
      {failure ? (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>The re-analysis failed.</strong> {failure.title}: {failure.detail} The previous results are still
            shown.
          </p>
          <button type="button" className="button button--small" onClick={start}>
            Try again
          </button>
        </div>
      ) : null}
      {reanalyse.isSuccess && reanalyse.data.settledByReading ? (
        <p className="notice notice--info">
          The connection was lost before the service answered, but the page was analysed again.
        </p>
      ) : null}
      {reanalyse.isSuccess ? (
        <section className="reanalyse-diff" aria-labelledby="reanalyse-diff-title">
          <h3 id="reanalyse-diff-title">What changed since the previous analysis</h3>
          <ChangeSummary previous={reanalyse.data.previous} report={reanalyse.data.report} />
        </section>
      ) : null}
    </section>
  );
}
