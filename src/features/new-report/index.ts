/** The new-report page, with bulk create (loaded with its route). */
export { NewReportPage } from './pages/new-report-page';
