import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ratingFromScore } from '../../api';
import { ApiText } from '../../components/api-text';
import { lazyPart } from '../../components/lazy-part';
import { RatingBadge } from '../../components/rating-badge';
import { formatNumber } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import type { ReadReport } from '../audit';
import type { Segment } from '../workspace';
import { segmentsCatalog } from './catalog';
import { readPattern } from './match';
import { segmentsHealth, withSegment } from './segment-view';

function LoadingManager() {
  const { t } = useLingui();
  return <p role="status">{t`Loading the segments’ settings…`}</p>;
}

// Adding, renaming and removing load after the page: most visits only read the table.
const SegmentManager = lazyPart(async () => (await import('./segment-manager')).SegmentManager, {
  placeholder: LoadingManager,
});

function SegmentsTable({
  project,
  segments,
  reports,
}: {
  project: string;
  segments: readonly Segment[];
  reports: readonly ReadReport[];
}) {
  const { t } = useLingui();
  const rows = useMemo(() => segmentsHealth(reports, segments), [reports, segments]);
  return (
    <table className="data-table segments-table">
      <caption className="visually-hidden">{t`Segments of ${project}: pages and health of each`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Segment`}</th>
          <th scope="col">{t`Pattern`}</th>
          <th scope="col" className="numeric">
            {t`Pages`}
          </th>
          <th scope="col">{t`Health`}</th>
          <th scope="col" className="numeric">
            {t`Issues`}
          </th>
          <th scope="col">{t`Change`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ segment, problem, pages, averageScore, issues }) => {
          const score = averageScore === null ? null : Math.round(averageScore);
          const name = segment.name;
          return (
            <tr key={segment.id}>
              <td data-label={t`Segment`} className="data-table__primary">
                <Link
                  to={`${withSegment(paths.project.getHref(project), segment.id)}#project-title`}
                  aria-label={t`Audit of the segment ${name}`}
                >
                  <ApiText value={segment.name} />
                </Link>
              </td>
              <td data-label={t`Pattern`}>
                <code>
                  <ApiText value={segment.pattern} />
                </code>
                {/* Read again for its words: the rows are kept across a switch of language. */}
                {problem ? <p className="field__error">{readPattern(segment.pattern).problem}</p> : null}
              </td>
              <td data-label={t`Pages`} className="numeric">
                {formatNumber(pages)}
              </td>
              <td data-label={t`Health`}>
                {score === null ? (
                  <span className="field__hint">{pages === 0 ? t`No page` : t`No score`}</span>
                ) : (
                  <RatingBadge rating={ratingFromScore(score)} score={score} />
                )}
              </td>
              <td data-label={t`Issues`} className="numeric">
                {formatNumber(issues)}
              </td>
              <td data-label={t`Change`}>
                {pages > 0 ? (
                  <Link
                    to={withSegment(paths.changes.getHref(project), segment.id)}
                    aria-label={t`What changed in ${name}`}
                  >
                    {t`What changed`}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A project's segments on its page: each one's pages and health (from what this device read),
 * leading to the audit narrowed to it and to what changed in it; then adding, renaming, removing.
 */
export function ProjectSegments({
  project,
  segments,
  reports,
}: {
  project: string;
  segments: readonly Segment[];
  /** Every run read of the project; undefined until it is read. */
  reports: readonly ReadReport[] | undefined;
}) {
  useCatalog(segmentsCatalog);
  return (
    <div className="segments">
      {segments.length === 0 ? (
        <p>
          <Trans>
            A segment is a named group of this project’s pages by address (the blog, the products), with its own health,
            issues and change. A page can be in several.
          </Trans>
        </p>
      ) : reports ? (
        <SegmentsTable project={project} segments={segments} reports={reports} />
      ) : (
        <p>
          <Trans>Each segment’s pages and health show once the project’s reports are read (above).</Trans>
        </p>
      )}
      <SegmentManager project={project} segments={segments} reports={reports} />
    </div>
  );
}
