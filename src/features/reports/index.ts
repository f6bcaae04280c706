/** What other features may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportQueries } from './queries';
export { parseReportListParams, reportListHref } from './list-params';
export { RelativeTime } from './components/relative-time';
