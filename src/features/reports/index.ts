/** What other features (and tests) may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportQueries } from './queries';
export { reportHref, reportListHref } from './list-params';
export { CHECK_GROUPS, checkGroupOf, checkTitle, describeFinding, importanceLabel, type CheckGroupId } from './checks';
