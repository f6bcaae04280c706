import type { Check, Report } from '../../../api';
import { checkTitle, summariseValue } from '../../../lib/checks';
import { diffReports, formatScoreDelta, type CheckChangeKind } from './report-diff';

const CHANGE_TEXT: Record<CheckChangeKind, string> = {
  'newly-failing': 'Newly failing',
  fixed: 'Fixed',
  changed: 'Value changed',
  added: 'New check',
  removed: 'No longer checked',
};

function outcome(check: Check | undefined): string {
  if (!check) return 'Not checked';
  const status = check.passed === true ? 'Passed' : check.passed === false ? 'Failed' : 'Unknown';
  return `${status}: ${summariseValue(check.name, check.value)}`;
}

export interface RunSide {
  /** "3 Oct 2026, 10:00", "before the re-analysis", "this report". */
  label: string;
  report: Pick<Report, 'score' | 'checks'>;
}

/** Two runs of one page side by side: the score, then every check that changed, before → after. */
export function RunComparison({ earlier, later }: { earlier: RunSide; later: RunSide }) {
  const diff = diffReports(earlier.report, later.report);
  const count = (kind: CheckChangeKind) => diff.changes.filter((change) => change.kind === kind).length;
  return (
    <div className="run-comparison">
      <p className="run-comparison__score">
        {diff.scoreDelta === null ? (
          'The scores cannot be compared: one of the runs has none.'
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
        {' · '}
        {count('fixed')} fixed, {count('newly-failing')} newly failing, {count('changed')} with another value,{' '}
        {diff.unchanged} unchanged.
      </p>
      {diff.changes.length === 0 ? (
        <p>No check changed its outcome or value.</p>
      ) : (
        <table className="data-table run-comparison__table">
          <caption className="visually-hidden">
            Checks that changed, from {earlier.label} to {later.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Change</th>
              <th scope="col">Before ({earlier.label})</th>
              <th scope="col">After ({later.label})</th>
            </tr>
          </thead>
          <tbody>
            {diff.changes.map((change) => (
              <tr key={`${change.kind}:${change.name}`} className={`change change--${change.kind}`}>
                <th scope="row" data-label="Check">
                  {checkTitle(change.name)}
                </th>
                <td data-label="Change">
                  <strong className={`change__kind change__kind--${change.kind}`}>{CHANGE_TEXT[change.kind]}</strong>
                </td>
                <td data-label="Before">{outcome(change.before)}</td>
                <td data-label="After">{outcome(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
