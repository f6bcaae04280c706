/**
 * Any two reports compared check by check, on their own page (loaded with its route). The
 * comparison itself is shared with the report page's runs: lib/report-diff.ts (what differs, in
 * what order) and components/report-comparison.tsx (the table).
 */
export { ComparePage } from './compare-page';
