/** One report's page (loaded with its route), and the list view it was opened from (a type). */
export { ReportPage } from './pages/report-page';
export type { ReportListOrigin } from './list-origin';
