import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ReportsList } from '../components/reports-list';

export function ReportsPage() {
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">Reports</h1>
        <Link to={paths.newReport.getHref()} className="button button--primary">
          New report
        </Link>
      </div>
      <ReportsList title="Reports" />
    </section>
  );
}
