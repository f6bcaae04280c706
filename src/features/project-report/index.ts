/** A project's report for its client: printable, branded, loaded with its route. */
export { ProjectReportPage } from './project-report-page';
