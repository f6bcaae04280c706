/** What other features (and tests) may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportListState, reportListView } from './list-state';
export { reportQueries } from './queries';
/** Loads on first use (the settings page): re-exported as it is, it would be in the first paint. */
export const forgetPreviousResultsOfOtherConnections = async (): Promise<void> =>
  (await import('./forget-kept-results')).forgetPreviousResultsOfOtherConnections();
