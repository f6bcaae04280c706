import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { RatingBadge } from '../../components/rating-badge';
import { RelativeTime } from '../../components/relative-time';
import { pageParam } from '../../lib/list-state';
import { compareText } from '../../lib/compare-text';
import { paths } from '../../lib/paths';
import { latestRunPerUrl, type ReadReport } from '../audit';
import type { Segment } from '../workspace';
import { runsInSegment, withSegment } from './segment-view';

const PER_PAGE = 50;

/**
 * A segment's pages on its project's page, in place of the service's list of reports (which
 * cannot filter by pattern): the latest run of each page of the segment, from what this device
 * read, by address.
 */
export function SegmentPages({ segment, reports }: { segment: Segment; reports: readonly ReadReport[] | undefined }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const pages = useMemo(
    () =>
      reports
        ? latestRunPerUrl(runsInSegment(reports, segment.pattern)).sort((a, b) => compareText(a.url, b.url))
        : undefined,
    [reports, segment.pattern],
  );
  if (!pages) {
    return <p>The pages of a segment are listed once the project’s reports are read (above).</p>;
  }
  const hrefFor = (page: number) => {
    const search = new URLSearchParams(location.search);
    if (page > 1) search.set('page', String(page));
    else search.delete('page');
    return `${location.pathname}?${search.toString()}#project-pages-title`;
  };
  if (pages.length === 0) {
    return (
      <EmptyState title={`No page of this project is in ${segment.name}`}>
        <p>
          No address read on this device matches <ApiText value={segment.pattern} />.
        </p>
        <Link to={withSegment(`${location.pathname}${location.search}`, null)} className="button">
          Show every page
        </Link>
      </EmptyState>
    );
  }
  const lastPage = Math.ceil(pages.length / PER_PAGE);
  const currentPage = Math.min(pageParam().parse(searchParams.get('page')) ?? 1, lastPage);
  const shown = pages.slice((currentPage - 1) * PER_PAGE, currentPage * PER_PAGE);
  return (
    <>
      <p className="issues__count">
        The latest run of each of the {pages.length} {pages.length === 1 ? 'page' : 'pages'} in {segment.name}, from
        what this device read.
      </p>
      <table className="data-table affected-table">
        <caption className="visually-hidden">
          Pages in the segment {segment.name}, page {currentPage} of {lastPage}
        </caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Result</th>
            <th scope="col">Generated</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((report) => (
            <tr key={report.id}>
              <td data-label="Page" className="data-table__primary">
                <Link to={paths.report.getHref(report.id)}>
                  <ApiText value={report.url || '(no URL)'} />
                </Link>
              </td>
              <td data-label="Result">
                <RatingBadge rating={report.rating} score={report.score} />
              </td>
              <td data-label="Generated">
                <RelativeTime iso={report.generatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={{
          currentPage,
          lastPage,
          total: pages.length,
          from: (currentPage - 1) * PER_PAGE + 1,
          to: (currentPage - 1) * PER_PAGE + shown.length,
        }}
        hrefFor={hrefFor}
        label={`Pages in ${segment.name}`}
      />
    </>
  );
}
