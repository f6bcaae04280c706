/** What other features (and tests) may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportListState, reportListView } from './list-state';
export { reportQueries } from './queries';
