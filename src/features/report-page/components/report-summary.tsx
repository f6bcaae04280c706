import type { ReactNode } from 'react';
import { shortText } from '../../../lib/display-text';
import { Link } from 'react-router';
import type { Report } from '../../../api';
import { RelativeTime } from '../../../components/relative-time';
import { paths } from '../../../lib/paths';
import { summariseChecks } from '../../../lib/checks';
import { PRIVACY_LABELS } from '../../reports';
import { ReportScore } from './report-score';

function privacyText(report: Report): string {
  if (report.privacy !== 'password') return PRIVACY_LABELS[report.privacy];
  return report.hasPassword ? 'Password (a password is set)' : 'Password (no password set yet)';
}

/** The score first, then the facts of the report in one compact description list. */
export function ReportSummary({ report, children }: { report: Report; children?: ReactNode }) {
  const summary = summariseChecks(report.checks);
  return (
    <section className="report-summary" aria-label="Summary">
      <ReportScore
        rating={report.rating}
        score={report.score}
        counts={{ failed: summary.failed.total, passed: summary.passed.total }}
      />
      <div className="report-summary__facts">
        <dl className="report-details">
          <div>
            <dt>Project</dt>
            <dd>
              {report.project ? (
                <Link to={paths.project.getHref(report.project)}>
                  <bdi>{shortText(report.project)}</bdi>
                </Link>
              ) : (
                '—'
              )}
            </dd>
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
        {children}
      </div>
    </section>
  );
}
