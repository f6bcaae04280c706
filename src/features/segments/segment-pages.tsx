import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { RatingBadge } from '../../components/rating-badge';
import { RelativeTime } from '../../components/relative-time';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { pageParam } from '../../lib/list-state';
import { compareText } from '../../lib/compare-text';
import { paths } from '../../lib/paths';
import { latestRunPerUrl, type ReadReport } from '../audit';
import type { Segment } from '../workspace';
import { segmentsCatalog } from './catalog';
import { runsInSegment, withSegment } from './segment-view';

const PER_PAGE = 50;

/**
 * A segment's pages on its project's page, in place of the service's list of reports (which
 * cannot filter by pattern): the latest run of each page of the segment, from what this device
 * read, by address.
 */
export function SegmentPages({ segment, reports }: { segment: Segment; reports: readonly ReadReport[] | undefined }) {
  useCatalog(segmentsCatalog);
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const segmentName = segment.name;
  const pages = useMemo(
    () =>
      reports
        ? latestRunPerUrl(runsInSegment(reports, segment.pattern)).sort((a, b) => compareText(a.url, b.url))
        : undefined,
    [reports, segment.pattern],
  );
  if (!pages) {
    return (
      <p>
        <Trans>The pages of a segment are listed once the project’s reports are read (above).</Trans>
      </p>
    );
  }
  const hrefFor = (page: number) => {
    const search = new URLSearchParams(location.search);
    if (page > 1) search.set('page', String(page));
    else search.delete('page');
    return `${location.pathname}?${search.toString()}#project-pages-title`;
  };
  if (pages.length === 0) {
    return (
      <EmptyState title={t`No page of this project is in ${segmentName}`}>
        <p>
          <Trans comment="The segment’s address pattern">
            No address read on this device matches <ApiText value={segment.pattern} />.
          </Trans>
        </p>
        <Link to={withSegment(`${location.pathname}${location.search}`, null)} className="button">
          {t`Show every page`}
        </Link>
      </EmptyState>
    );
  }
  const count = pages.length;
  const lastPage = Math.ceil(count / PER_PAGE);
  const currentPage = Math.min(pageParam().parse(searchParams.get('page')) ?? 1, lastPage);
  const shown = pages.slice((currentPage - 1) * PER_PAGE, currentPage * PER_PAGE);
  return (
    <>
      <p className="issues__count">
        {plural(count, {
          one: `The latest run of each of the # page in ${segmentName}, from what this device read.`,
          other: `The latest run of each of the # pages in ${segmentName}, from what this device read.`,
        })}
      </p>
      <table className="data-table affected-table">
        <caption className="visually-hidden">
          {t`Pages in the segment ${segmentName}, page ${currentPage} of ${lastPage}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Page`}</th>
            <th scope="col">{t`Result`}</th>
            <th scope="col">{t`Generated`}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((report) => (
            <tr key={report.id}>
              <td data-label={t`Page`} className="data-table__primary">
                <Link to={paths.report.getHref(report.id)}>
                  <ApiText value={report.url || t`(no URL)`} />
                </Link>
              </td>
              <td data-label={t`Result`}>
                <RatingBadge rating={report.rating} score={report.score} />
              </td>
              <td data-label={t`Generated`}>
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
        label={t`Pages in ${segmentName}`}
      />
    </>
  );
}
