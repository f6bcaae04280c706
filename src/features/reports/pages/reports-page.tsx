import { Link } from 'react-router-dom';
import { ReportsList } from '../components/reports-list';

export function ReportsPage() {
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">Reports</h1>
        <Link to="/reports/new" className="button button--primary">
          New report
        </Link>
      </div>
      <ReportsList pathname="/reports" title="Reports" />
    </section>
  );
}
