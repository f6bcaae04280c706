/** What other features (and tests) may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportListView } from './list-state';
export { reportQueries } from './queries';
export { reportListState } from './list-state';
