import type { I18n, MessageDescriptor, Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Check, Report } from '../api';
import { checksCatalog } from '../lib/check-catalog';
import { checkTitle, summariseValue } from '../lib/checks';
import { catalog } from '../lib/i18n/switch-language';
import { messages as english } from '../lib/i18n/locales/en/comparison.po';
import { useCatalog } from '../lib/i18n/use-catalog';
import {
  comparedRows,
  diffReports,
  formatScoreDelta,
  type CheckChangeKind,
  type ComparedRow,
} from '../lib/report-diff';

type RowKind = ComparedRow['kind'];

/** Its words (lib/i18n/catalogs.ts), apart from the shared parts': only two pages compare. */
export const comparisonCatalog = catalog(
  'comparison',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../lib/i18n/locales/*/comparison.po',
    '!../lib/i18n/locales/en/comparison.po',
  ]),
);

/**
 * Each difference in words. Two runs of one page change over time ("Fixed"); two reports side
 * by side simply differ, and the words name the side: "Fails in B only".
 */
const ROW_WORDS: Record<'runs' | 'reports', Record<RowKind, MessageDescriptor>> = {
  runs: {
    // One check's change: said apart from the counts of the same words elsewhere ("Fixed": plural there).
    'newly-failing': msg({ message: 'Newly failing', context: 'one check, between two runs' }),
    fixed: msg({ message: 'Fixed', context: 'one check, between two runs' }),
    changed: msg`Value changed`,
    added: msg`New check`,
    removed: msg`No longer checked`,
    same: msg`Same`,
  },
  reports: {
    'newly-failing': msg`Fails in B only`,
    fixed: msg`Fails in A only`,
    changed: msg`Different value`,
    added: msg`Only in B`,
    removed: msg`Only in A`,
    same: msg`Same in both`,
  },
};

/** The outcome and the value of a check, in the words of `i18n`. */
function outcome(check: Check | undefined, i18n: I18n): string {
  if (!check) return i18n._(msg`Not checked`);
  const value = summariseValue(check.name, check.value, i18n);
  if (check.passed === true) return i18n._(msg`Passed: ${value}`);
  if (check.passed === false) return i18n._(msg`Failed: ${value}`);
  return i18n._(msg`Unknown: ${value}`);
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
  useCatalog(checksCatalog, comparisonCatalog);
  const { i18n, t } = useLingui();
  const diff = diffReports(earlier.report, later.report);
  const words = ROW_WORDS[mode];
  const count = (kind: CheckChangeKind) => diff.changes.filter((change) => change.kind === kind).length;
  const rows: ComparedRow[] = mode === 'runs' ? diff.changes : comparedRows(diff);
  const fixed = count('fixed');
  const failing = count('newly-failing');
  const changed = count('changed');
  const oneSide = count('added') + count('removed');
  const unchanged = diff.unchanged.length;
  const before = earlier.label;
  const after = later.label;
  const counts =
    mode === 'runs'
      ? t`${fixed} fixed, ${failing} newly failing, ${changed} with another value, ${unchanged} unchanged.`
      : t`${failing} failing in ${after} only, ${fixed} failing in ${before} only, ${changed} with another value, ${oneSide} in one of them only, ${unchanged} the same.`;
  const scoreBefore = diff.scoreBefore;
  const scoreAfter = diff.scoreAfter;
  // The column headers, said again as each cell's label on a phone.
  const checkWord = t`Check`;
  const changeWord = mode === 'runs' ? t`Change` : t`Difference`;
  return (
    <div className="run-comparison">
      <p className="run-comparison__score">
        {diff.scoreDelta === null ? (
          mode === 'runs' ? (
            t`The scores cannot be compared: one of the runs has none.`
          ) : (
            t`The scores cannot be compared: one of the reports has none.`
          )
        ) : (
          <>
            {t`Score ${scoreBefore} → ${scoreAfter}`}{' '}
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
        <p>{mode === 'runs' ? t`No check changed its outcome or value.` : t`Neither report has any check results.`}</p>
      ) : (
        <table className="data-table run-comparison__table">
          <caption className={mode === 'runs' ? 'visually-hidden' : 'run-comparison__caption'}>
            {mode === 'runs'
              ? t`Checks that changed, from ${before} to ${after}`
              : t`Every check in ${before} and ${after}, what differs first`}
          </caption>
          <thead>
            <tr>
              <th scope="col">{checkWord}</th>
              <th scope="col">{changeWord}</th>
              <th scope="col">{mode === 'runs' ? t`Before (${before})` : before}</th>
              <th scope="col">{mode === 'runs' ? t`After (${after})` : after}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.name}`} className={`change change--${row.kind}`}>
                <th scope="row" data-label={checkWord}>
                  {checkTitle(row.name, i18n)}
                </th>
                <td data-label={changeWord}>
                  <strong className={`change__kind change__kind--${row.kind}`}>{i18n._(words[row.kind])}</strong>
                </td>
                <td data-label={mode === 'runs' ? t`Before` : before}>{outcome(row.before, i18n)}</td>
                <td data-label={mode === 'runs' ? t`After` : after}>{outcome(row.after, i18n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
