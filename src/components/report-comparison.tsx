import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Check, Report } from '../api';
import { checksCatalog } from '../lib/check-catalog';
import { checkTitle, summariseValue } from '../lib/checks';
import { useCatalog } from '../lib/i18n/use-catalog';
import {
  comparedRows,
  diffReports,
  formatScoreDelta,
  type CheckChangeKind,
  type ComparedRow,
} from '../lib/report-diff';

type RowKind = ComparedRow['kind'];

/**
 * Each difference in words. Two runs of one page change over time ("Fixed"); two reports side
 * by side simply differ, and the words name the side: "Fails in B only".
 */
const ROW_WORDS: Record<'runs' | 'reports', Record<RowKind, string>> = {
  runs: {
    'newly-failing': 'Newly failing',
    fixed: 'Fixed',
    changed: 'Value changed',
    added: 'New check',
    removed: 'No longer checked',
    same: 'Same',
  },
  reports: {
    'newly-failing': 'Fails in B only',
    fixed: 'Fails in A only',
    changed: 'Different value',
    added: 'Only in B',
    removed: 'Only in A',
    same: 'Same in both',
  },
};

/** The outcome and the value of a check, its value in the checks' words of `i18n`. */
function outcome(check: Check | undefined, i18n: I18n): string {
  if (!check) return 'Not checked';
  const status = check.passed === true ? 'Passed' : check.passed === false ? 'Failed' : 'Unknown';
  return `${status}: ${summariseValue(check.name, check.value, i18n)}`;
}

export interface ComparedSide {
  /** "3 Oct 2026, 10:00", "before the re-analysis", "this report", "A". */
  label: string;
  report: Pick<Report, 'score' | 'checks'>;
}

interface ReportComparisonProps {
  /** The earlier run, or report A. */
  earlier: ComparedSide;
  /** The later run, or report B. */
  later: ComparedSide;
  /**
   * `runs` (the default): two runs of one page, only the checks that changed. `reports`: any two
   * reports, every check side by side, what differs first.
   */
  mode?: 'runs' | 'reports';
}

/**
 * Two reports side by side: the score, then each check's outcome and value in both, the
 * differences first (the order of `diffReports`). Its styles are the report page's stylesheet,
 * which both pages that show it load.
 */
export function ReportComparison({ earlier, later, mode = 'runs' }: ReportComparisonProps) {
  useCatalog(checksCatalog);
  const { i18n } = useLingui();
  const diff = diffReports(earlier.report, later.report);
  const words = ROW_WORDS[mode];
  const count = (kind: CheckChangeKind) => diff.changes.filter((change) => change.kind === kind).length;
  const rows: ComparedRow[] = mode === 'runs' ? diff.changes : comparedRows(diff);
  const counts =
    mode === 'runs'
      ? `${count('fixed')} fixed, ${count('newly-failing')} newly failing, ${count('changed')} with another value, ${diff.unchanged.length} unchanged.`
      : `${count('newly-failing')} failing in ${later.label} only, ${count('fixed')} failing in ${earlier.label} only, ${count('changed')} with another value, ${count('added') + count('removed')} in one of them only, ${diff.unchanged.length} the same.`;
  return (
    <div className="run-comparison">
      <p className="run-comparison__score">
        {diff.scoreDelta === null ? (
          mode === 'runs' ? (
            'The scores cannot be compared: one of the runs has none.'
          ) : (
            'The scores cannot be compared: one of the reports has none.'
          )
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
        {counts}
      </p>
      {rows.length === 0 ? (
        <p>{mode === 'runs' ? 'No check changed its outcome or value.' : 'Neither report has any check results.'}</p>
      ) : (
        <table className="data-table run-comparison__table">
          <caption className={mode === 'runs' ? 'visually-hidden' : 'run-comparison__caption'}>
            {mode === 'runs'
              ? `Checks that changed, from ${earlier.label} to ${later.label}`
              : `Every check in ${earlier.label} and ${later.label}, what differs first`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">{mode === 'runs' ? 'Change' : 'Difference'}</th>
              <th scope="col">{mode === 'runs' ? `Before (${earlier.label})` : earlier.label}</th>
              <th scope="col">{mode === 'runs' ? `After (${later.label})` : later.label}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.name}`} className={`change change--${row.kind}`}>
                <th scope="row" data-label="Check">
                  {checkTitle(row.name, i18n)}
                </th>
                <td data-label={mode === 'runs' ? 'Change' : 'Difference'}>
                  <strong className={`change__kind change__kind--${row.kind}`}>{words[row.kind]}</strong>
                </td>
                <td data-label={mode === 'runs' ? 'Before' : earlier.label}>{outcome(row.before, i18n)}</td>
                <td data-label={mode === 'runs' ? 'After' : later.label}>{outcome(row.after, i18n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
