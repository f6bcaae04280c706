import type { ReactNode } from 'react';
import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { shortText } from '../../../lib/display-text';
import { Link } from 'react-router';
import type { Report } from '../../../api';
import { RelativeTime } from '../../../components/relative-time';
import { paths } from '../../../lib/paths';
import { summariseChecks } from '../../../lib/checks';
import { PRIVACY_LABELS } from '../../reports';
import { ReportScore } from './report-score';

/** The privacy's name (features/reports), and for a password whether one is set yet. */
function privacyText(report: Report): string {
  const privacy = PRIVACY_LABELS[report.privacy];
  if (report.privacy !== 'password') return privacy;
  return report.hasPassword ? translate`${privacy} (a password is set)` : translate`${privacy} (no password set yet)`;
}

/** The score first, then the facts of the report in one compact description list. */
export function ReportSummary({ report, children }: { report: Report; children?: ReactNode }) {
  const { t } = useLingui();
  const summary = summariseChecks(report.checks);
  return (
    <section className="report-summary" aria-label={t`Summary`}>
      <ReportScore
        rating={report.rating}
        score={report.score}
        counts={{ failed: summary.failed.total, passed: summary.passed.total }}
      />
      <div className="report-summary__facts">
        <dl className="report-details">
          <div>
            <dt>{t`Project`}</dt>
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
            <dt>{t`Privacy`}</dt>
            <dd>{privacyText(report)}</dd>
          </div>
          <div>
            <dt>{t`Generated`}</dt>
            <dd>
              <RelativeTime iso={report.generatedAt} />
            </dd>
          </div>
          <div>
            <dt>{t`Created`}</dt>
            <dd>
              <RelativeTime iso={report.createdAt} />
            </dd>
          </div>
          <div>
            <dt>{t`Updated`}</dt>
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
