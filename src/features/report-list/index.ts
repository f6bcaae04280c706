/** The reports list: its page (the landing route) and the list a project's page shows too. */
export { ReportsPage } from './pages/reports-page';
export { ReportsList } from './components/reports-list';
