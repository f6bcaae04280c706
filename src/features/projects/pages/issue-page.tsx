import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CopyMarkdown } from '../../../components/copy-markdown';
import { Pagination } from '../../../components/pagination';
import { RatingBadge } from '../../../components/rating-badge';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { NamesNothing } from '../../../components/names-nothing';
import { ErrorState } from '../../../components/states';
import { csvFileName, downloadCsv, toCsv } from '../../../lib/csv';
import { formatNumber } from '../../../lib/format-number';
import { pageParam } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { issueFromPathname } from '../../../lib/paths-from-address';
import { affectedPages, useProjectAudit } from '../../audit';
import { CHECK_GROUPS, checkGroupOf, checkTitle, describeFinding, importanceLabel } from '../../../lib/checks';
import { reportQueries } from '../../reports';
import { runsInSegment, SegmentFilter, useSegmentChoice, useSegmentedAudit, withSegment } from '../../segments';
import { ReadPanel } from '../components/read-panel';
import '../projects.css';

const PER_PAGE = 50;

function Issue({ project, check }: { project: string; check: string }) {
  const [searchParams] = useSearchParams();
  const count = useQuery(reportQueries.count(project));
  const handle = useProjectAudit(project, count.data);
  const { snapshot } = handle;
  const title = checkTitle(check);
  // With a segment in the address bar, the pages and figures are the segment's.
  const segmentChoice = useSegmentChoice(project);
  const segment = segmentChoice.active;
  const audit = useSegmentedAudit(snapshot?.reports, handle.audit, segment);

  const pages = useMemo(() => {
    if (!snapshot || segmentChoice.waiting) return [];
    const reports = segment ? runsInSegment(snapshot.reports, segment.pattern) : snapshot.reports;
    return affectedPages(reports, check).sort((a, b) => a.report.url.localeCompare(b.report.url));
  }, [snapshot, check, segment, segmentChoice.waiting]);
  const issue = audit?.issues.find((candidate) => candidate.check === check);
  const currentPage = pageParam().parse(searchParams.get('page')) ?? 1;
  const lastPage = Math.max(1, Math.ceil(pages.length / PER_PAGE));
  const shown = pages.slice((currentPage - 1) * PER_PAGE, currentPage * PER_PAGE);
  const hrefFor = (page: number) => {
    const search = new URLSearchParams(searchParams);
    if (page > 1) search.set('page', String(page));
    else search.delete('page');
    return `?${search.toString()}`;
  };
  const auditHref = withSegment(paths.project.getHref(project), segment?.id ?? null);

  const exportCsv = () =>
    downloadCsv(
      csvFileName(project, check, 'pages'),
      toCsv(
        ['URL', 'Report', 'Score', 'Rating', 'Generated', 'Importance', 'What was found'],
        pages.map(({ report, check: found }) => [
          report.url,
          report.id,
          report.score,
          report.rating,
          report.generatedAt,
          found.importance,
          describeFinding(found, 2000),
        ]),
      ),
    );

  let body;
  if (snapshot === undefined || segmentChoice.waiting) {
    body = <p role="status">Looking for this project&apos;s audit on this device…</p>;
  } else if (snapshot === null) {
    body = count.isError ? <ErrorState error={count.error} onRetry={() => void count.refetch()} /> : null;
  } else if (pages.length === 0) {
    body = (
      <EmptyState title={`No page fails ${title}`}>
        <p>
          The latest run of every page of this {segment ? `segment (${segment.name})` : 'project'} passes this check, or
          never had it.
        </p>
        <Link to={auditHref} className="button">
          Back to the audit
        </Link>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState title="This page is empty">
        <p>There are fewer pages than this address asks for.</p>
        <Link to={hrefFor(1)} className="button">
          Go to the first page
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <table className="data-table affected-table">
          <caption className="visually-hidden">
            Pages failing {title}, page {currentPage} of {lastPage}
          </caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Result</th>
              <th scope="col">Generated</th>
              <th scope="col">What was found</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ report, check: found }) => (
              <tr key={report.id}>
                <td data-label="Page" className="data-table__primary">
                  <Link to={paths.report.getHref(report.id)}>{report.url || '(no URL)'}</Link>
                </td>
                <td data-label="Result">
                  <RatingBadge rating={report.rating} score={report.score} />
                </td>
                <td data-label="Generated">
                  <RelativeTime iso={report.generatedAt} />
                </td>
                <td data-label="Found" className="affected-table__found">
                  {describeFinding(found)}
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
          label={`Pages failing ${title}`}
        />
      </>
    );
  }

  const group = CHECK_GROUPS.find((candidate) => candidate.id === checkGroupOf(check))?.title;
  return (
    <section className="page" aria-labelledby="issue-title">
      <p className="back-link">
        <Link to={auditHref}>← Audit of {project}</Link>
      </p>
      <div className="page-header">
        <h1 id="issue-title" className="project-title">
          {title} <span className="issue-title__project">on {project}</span>
        </h1>
        {pages.length > 0 ? (
          <button type="button" className="button" onClick={exportCsv}>
            Download these pages (CSV)
          </button>
        ) : null}
      </div>
      <SegmentFilter choice={segmentChoice} />
      {issue && audit ? (
        <p className="project-summary">
          Fails on {formatNumber(issue.pages)} of {formatNumber(audit.pages)} {audit.pages === 1 ? 'page' : 'pages'}
          {segment ? ` of ${segment.name}` : ''} ({Math.round(issue.share * 100)}%) · importance{' '}
          {importanceLabel(issue.importance).toLowerCase()}
          {group ? ` · ${group}` : ''}
        </p>
      ) : null}
      {pages.length > 0 ? (
        <CopyMarkdown
          what="this issue and its pages"
          build={(markdown) =>
            markdown.issuePagesMarkdown({
              project,
              check,
              importance: issue?.importance ?? null,
              pagesInProject: audit?.pages ?? null,
              pages,
            })
          }
        />
      ) : null}
      <ReadPanel handle={handle} reportCount={count.data} />
      {body}
    </section>
  );
}

export function IssuePage() {
  const { pathname } = useLocation();
  const issue = issueFromPathname(pathname);
  if (!issue) return <NamesNothing what="issue" />;
  return <Issue key={`${issue.project}\n${issue.check}`} project={issue.project} check={issue.check} />;
}
