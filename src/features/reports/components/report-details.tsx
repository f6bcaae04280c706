import { Link } from 'react-router';
import type { Report } from '../../../api';
import { paths } from '../../../lib/paths';
import { PRIVACY_LABELS } from '../privacy';
import { RelativeTime } from '../../../components/relative-time';
import { ReportScore } from './report-score';

function privacyText(report: Report): string {
  if (report.privacy !== 'password') return PRIVACY_LABELS[report.privacy];
  return report.hasPassword ? 'Password (a password is set)' : 'Password (no password set yet)';
}

/** The facts of one report, as a description list: it reads well aloud and wraps at any width. */
export function ReportDetails({ report }: { report: Report }) {
  return (
    <dl className="report-details">
      <div>
        <dt>Result</dt>
        <dd>
          <ReportScore rating={report.rating} score={report.score} />
        </dd>
      </div>
      <div>
        <dt>Project</dt>
        <dd>{report.project ? <Link to={paths.project.getHref(report.project)}>{report.project}</Link> : '—'}</dd>
      </div>
      <div>
        <dt>Privacy</dt>
        <dd>{privacyText(report)}</dd>
      </div>
      <div>
        <dt>Generated</dt>
        <dd>
          <RelativeTime iso={report.generatedAt} />
        </dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>
          <RelativeTime iso={report.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Updated</dt>
        <dd>
          <RelativeTime iso={report.updatedAt} />
        </dd>
      </div>
    </dl>
  );
}
