import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ReportsList } from '../components/reports-list';

export function ReportsPage() {
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">{t`Reports`}</h1>
        <Link to={paths.newReport.getHref()} className="button button--primary">
          {t`New report`}
        </Link>
      </div>
      <ReportsList title={t`Reports`} />
    </section>
  );
}
