import { useMemo } from 'react';
import { Link } from 'react-router';
import { ratingFromScore } from '../../api';
import { ApiText } from '../../components/api-text';
import { lazyPart } from '../../components/lazy-part';
import { RatingBadge } from '../../components/rating-badge';
import { formatNumber } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import type { ReadReport } from '../audit';
import type { Segment } from '../workspace';
import { segmentsHealth, withSegment } from './segment-view';

// Adding, renaming and removing load after the page: most visits only read the table.
const SegmentManager = lazyPart(async () => (await import('./segment-manager')).SegmentManager, {
  placeholder: () => <p role="status">Loading the segments’ settings…</p>,
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
  const rows = useMemo(() => segmentsHealth(reports, segments), [reports, segments]);
  return (
    <table className="data-table segments-table">
      <caption className="visually-hidden">Segments of {project}: pages and health of each</caption>
      <thead>
        <tr>
          <th scope="col">Segment</th>
          <th scope="col">Pattern</th>
          <th scope="col" className="numeric">
            Pages
          </th>
          <th scope="col">Health</th>
          <th scope="col" className="numeric">
            Issues
          </th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ segment, problem, pages, averageScore, issues }) => {
          const score = averageScore === null ? null : Math.round(averageScore);
          return (
            <tr key={segment.id}>
              <td data-label="Segment" className="data-table__primary">
                <Link
                  to={`${withSegment(paths.project.getHref(project), segment.id)}#project-title`}
                  aria-label={`Audit of the segment ${segment.name}`}
                >
                  <ApiText value={segment.name} />
                </Link>
              </td>
              <td data-label="Pattern">
                <code>
                  <ApiText value={segment.pattern} />
                </code>
                {problem ? <p className="field__error">{problem}</p> : null}
              </td>
              <td data-label="Pages" className="numeric">
                {formatNumber(pages)}
              </td>
              <td data-label="Health">
                {score === null ? (
                  <span className="field__hint">{pages === 0 ? 'No page' : 'No score'}</span>
                ) : (
                  <RatingBadge rating={ratingFromScore(score)} score={score} />
                )}
              </td>
              <td data-label="Issues" className="numeric">
                {formatNumber(issues)}
              </td>
              <td data-label="Change">
                {pages > 0 ? (
                  <Link
                    to={withSegment(paths.changes.getHref(project), segment.id)}
                    aria-label={`What changed in ${segment.name}`}
                  >
                    What changed
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
  return (
    <div className="segments">
      {segments.length === 0 ? (
        <p>
          A segment is a named group of this project’s pages by address (the blog, the products), with its own health,
          issues and change. A page can be in several.
        </p>
      ) : reports ? (
        <SegmentsTable project={project} segments={segments} reports={reports} />
      ) : (
        <p>Each segment’s pages and health show once the project’s reports are read (above).</p>
      )}
      <SegmentManager project={project} segments={segments} reports={reports} />
    </div>
  );
}
