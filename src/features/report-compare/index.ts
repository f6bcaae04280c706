/**
 * Two reports compared check by check: any two, side by side on their own page (loaded with its
 * route), and two runs of one page on the report page, which shows the same comparison.
 */
export { ComparePage } from './compare-page';
export { prefetchComparison } from './compare-data';
export { ReportComparison, type ComparedSide } from './report-comparison';
export { countChanges, diffReports, formatScoreDelta, hasChanges } from './report-diff';
