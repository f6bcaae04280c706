import { memo } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ratingFromScore } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { RelativeTime } from '../../../components/relative-time';
import { formatPercent } from '../../../lib/i18n/format';
import { STALE_AFTER_DAYS, type ProjectAudit } from '../../audit';
import { paths } from '../../../lib/paths';
import { ResultDistribution, type DistributionCounts } from './result-distribution';

const share = (count: number, total: number) => formatPercent(total > 0 ? count / total : 0);
/** "1 page", "1,234 pages". */
const pagesInWords = (count: number) => plural(count, { one: '# page', other: '# pages' });

/**
 * The project's health from its audit: the average score of the latest run of each URL (older
 * runs are history and do not count), how the pages rate, and how current the picture is.
 * Each figure leads to the pages behind it.
 */
export const ProjectHealth = memo(function ProjectHealth({
  project,
  audit,
  inView = (href) => href,
}: {
  project: string;
  audit: ProjectAudit;
  /** Keeps the view on screen (a segment) in the links to the pages. */
  inView?: (href: string) => string;
}) {
  const { t } = useLingui();
  const days = STALE_AFTER_DAYS;
  const { reports, stale } = audit;
  const score = audit.averageScore === null ? null : Math.round(audit.averageScore);
  // To the pages part, scrolled to it (the parts' links), as the parts' own links go.
  const pagesHref = `${inView(paths.projectPages.getHref(project, new URLSearchParams({ latest: '1' })))}#project-parts`;
  const oldestHref = `${inView(
    paths.projectPages.getHref(project, new URLSearchParams({ sort_by: 'generated_at', sort: 'asc', latest: '1' })),
  )}#project-parts`;
  return (
    <div className="health">
      <div className="health__score">
        <p className="health__label" id="health-score-label">
          {t`Score`}
        </p>
        <p className="health__figure" aria-describedby="health-score-note">
          {score === null ? (
            <span className="health__number">–</span>
          ) : (
            <>
              <span className="health__number">{score}</span>{' '}
              <RatingBadge rating={ratingFromScore(score)} score={null} />
            </>
          )}
        </p>
        <p className="health__note" id="health-score-note">
          {t`Average of the latest run of each page`}
        </p>
      </div>
      <dl className="health__figures">
        <div>
          <dt>{t`Pages`}</dt>
          <dd>
            <Link to={pagesHref}>{pagesInWords(audit.pages)}</Link>{' '}
            <span className="health__aside">
              {plural(reports, { one: '(from # report)', other: '(from # reports)' })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t`Last analysed`}</dt>
          <dd>
            <RelativeTime iso={audit.lastGeneratedAt} />
          </dd>
        </div>
        <div>
          <dt>{plural(days, { one: 'Older than # day', other: 'Older than # days' })}</dt>
          <dd>
            {audit.stale > 0 ? (
              // Named in full: read out of context (a list of links), "12 pages" twice would be ambiguous.
              <Link
                to={oldestHref}
                aria-label={plural(stale, {
                  one: `# page older than ${days} days`,
                  other: `# pages older than ${days} days`,
                })}
              >
                {pagesInWords(audit.stale)}
              </Link>
            ) : (
              pagesInWords(0)
            )}{' '}
            <span className="health__aside">({share(audit.stale, audit.pages)})</span>
          </dd>
        </div>
      </dl>
      <ResultDistribution
        counts={{ ...audit.ratings, total: audit.pages }}
        busy={false}
        label={t`Pages by result (latest run of each)`}
      />
    </div>
  );
});

/**
 * The health's shape before its audit: dashes for the figures only the audit gives, and the
 * service's own counts of the reports by result once they are known. The same markup as
 * ProjectHealth, and so the same height at every width: nothing below moves when the audit comes.
 */
export function ProjectHealthBeforeAudit({
  counts,
  busy,
  loading,
}: {
  counts: DistributionCounts | undefined;
  busy: boolean;
  /** Whether something is on its way (the audit or the counts): said to screen readers. */
  loading: boolean;
}) {
  const { t } = useLingui();
  const days = STALE_AFTER_DAYS;
  return (
    <div className="health health--before-audit">
      {loading ? (
        <span role="status" className="visually-hidden">
          {t`Loading the project’s health…`}
        </span>
      ) : null}
      <div className="health__score" aria-hidden="true">
        <p className="health__label">{t`Score`}</p>
        <p className="health__figure">
          <span className="health__number">–</span>
        </p>
        <p className="health__note">{t`Average of the latest run of each page`}</p>
      </div>
      {/* Words of the figures' length, so that they wrap as the figures will on a phone. */}
      <dl className="health__figures" aria-hidden="true">
        <div>
          <dt>{t`Pages`}</dt>
          <dd>
            <Trans comment="The figures’ place while they are not known: a dash for each number">
              – pages <span className="health__aside">(from – reports)</span>
            </Trans>
          </dd>
        </div>
        <div>
          <dt>{t`Last analysed`}</dt>
          <dd>–</dd>
        </div>
        <div>
          <dt>{plural(days, { one: 'Older than # day', other: 'Older than # days' })}</dt>
          <dd>
            <Trans comment="The figures’ place while they are not known: a dash for each number">
              – pages <span className="health__aside">(–%)</span>
            </Trans>
          </dd>
        </div>
      </dl>
      {counts ? (
        <ResultDistribution counts={counts} busy={busy} />
      ) : (
        <div aria-hidden="true" className="health__distribution-place">
          <ResultDistribution counts={{ good: 0, decent: 0, bad: 0, total: 0 }} busy />
        </div>
      )}
    </div>
  );
}
