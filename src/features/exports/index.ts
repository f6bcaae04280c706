/**
 * What leaves the dashboard for elsewhere: reports and checks as CSV or JSON files, and a
 * report's page on the service (the share link, and the address an export names). Data rank:
 * the job queue's export and the report page both use it.
 */
export { checksToCsv, downloadFile, reportsToCsv, reportsToJson } from './report-export';
export { servicePageOf, useShareLink } from './share-link';
