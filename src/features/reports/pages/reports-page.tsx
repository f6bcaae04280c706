import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ReportsList } from '../components/reports-list';

const STALE_FIRST = 'sort_by=generated_at&sort=asc';

export function ReportsPage() {
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">Reports</h1>
        <span className="page-header__actions">
          {/* The API has no date filter: oldest generated first puts the stale reports on top. */}
          <Link to={paths.reports.getHref(new URLSearchParams(STALE_FIRST))} className="button">
            Stale first
          </Link>
          <Link to={paths.newReport.getHref()} className="button button--primary">
            New report
          </Link>
        </span>
      </div>
      <ReportsList title="Reports" />
    </section>
  );
}
