import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { isApiError, type Report, type ReportId } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { RatingBadge } from '../../components/rating-badge';
import { ErrorState } from '../../components/states';
import { shortText } from '../../lib/display-text';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { comparedIdsFromSearch, type ComparedIds } from '../../lib/paths-from-address';
import { ReportComparison } from '../../components/report-comparison';
import { reportFromLists } from '../reports';
import '../report-page/report-page.css';
import './compare.css';

const TITLE_ID = 'compare-title';

function Heading() {
  return (
    <h1 id={TITLE_ID} className="compare__title">
      Two reports compared
    </h1>
  );
}

/** How to get a comparison that works: tick two reports in a list. */
function WayOn() {
  return (
    <div className="state__actions">
      <Link to={paths.reports.getHref()} className="button">
        Choose two reports
      </Link>
    </div>
  );
}

const sideName = (side: 'a' | 'b') => (side === 'a' ? 'A' : 'B');

/** An address that names no two reports: what is wrong with it, in words, and no request sent. */
function AddressProblem({ ids }: { ids: Exclude<ComparedIds, { ok: true }> }) {
  let title: string;
  let detail: ReactNode;
  if (ids.problem === 'missing') {
    title =
      ids.missing.length === 2 ? 'This address names no reports' : `Report ${sideName(ids.missing[0]!)} is missing`;
    detail =
      ids.missing.length === 2
        ? 'A comparison needs two reports. Tick two in a list of reports, then choose Compare.'
        : `A comparison needs two reports, and this address names only one. Tick two in a list of reports, then choose Compare.`;
  } else if (ids.problem === 'not-an-id') {
    title = `Report ${sideName(ids.side)} is not a report id`;
    detail = (
      <>
        The address gives “<bdi>{shortText(ids.value, 80)}</bdi>” for report {sideName(ids.side)}, which cannot be the
        id of a report. The link may have been cut or changed on its way.
      </>
    );
  } else {
    title = 'The same report twice';
    detail = (
      <>
        Both sides of this comparison are report {ids.id}: there is nothing to compare.{' '}
        <Link to={paths.report.getHref(ids.id)}>Open that report</Link>, or tick two different reports in a list.
      </>
    );
  }
  return (
    <section className="page compare" aria-labelledby={TITLE_ID}>
      <Heading />
      <EmptyState title={title}>
        <p>{detail}</p>
        <WayOn />
      </EmptyState>
    </section>
  );
}

interface SideProps {
  name: 'A' | 'B';
  id: ReportId;
  query: UseQueryResult<Report>;
}

/** One report of the two: what it is (address, project, date, score), or why it cannot be shown. */
function Side({ name, id, query }: SideProps) {
  const headingId = `compare-side-${name}`;
  let body;
  if (query.data) {
    const report = query.data;
    body = (
      <>
        <p className="compare-side__url report-url-text">
          {report.url ? <ApiText value={report.url} limit={160} /> : '(no URL)'}
        </p>
        <p className="compare-side__score">
          <RatingBadge rating={report.rating} score={report.score} />
        </p>
        <dl className="compare-side__facts">
          <div>
            <dt>Project</dt>
            <dd>{report.project ? <bdi>{shortText(report.project)}</bdi> : '—'}</dd>
          </div>
          <div>
            <dt>Analysed</dt>
            <dd>
              {/* Exact: two dates side by side are compared, and on paper "3 days ago" means nothing. */}
              {report.generatedAt ? (
                <time dateTime={report.generatedAt}>{formatDateTime(report.generatedAt)}</time>
              ) : (
                'never'
              )}
            </dd>
          </div>
        </dl>
        <p className="no-print">
          <Link to={paths.report.getHref(report.id)}>Open report {name}</Link>
        </p>
      </>
    );
  } else if (query.isError && isApiError(query.error) && query.error.isNotFound) {
    body = (
      <div className="state state--error" role="alert">
        <p>
          <strong>Report {name} was not found.</strong> The service has no report {shortText(id, 80)}: it may have been
          deleted, or the link may be out of date.
        </p>
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <p role="status">Loading report {name}…</p>;
  }
  return (
    <section className="compare-side" aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId} className="compare-side__name">
        Report {name}
      </h2>
      {body}
    </section>
  );
}

function Comparison({ a, b }: { a: ReportId; b: ReportId }) {
  // Both at once (two queries side by side, not one after the other); the route's loader has
  // usually started them, or found them in the cache. Its code may come after this page's: the
  // page looks in the lists too.
  const queryClient = useQueryClient();
  const first = useQuery(reportFromLists(queryClient, a));
  const second = useQuery(reportFromLists(queryClient, b));
  const both = first.data && second.data ? { a: first.data, b: second.data } : null;
  const failed = (first.isError && !first.data) || (second.isError && !second.data);
  return (
    <section className="page compare" aria-labelledby={TITLE_ID}>
      <p className="print-only report-header__kicker">SEO reports compared</p>
      <div className="page-header">
        <Heading />
        <Link to={paths.compare.getHref(b, a)} className="button no-print">
          Swap A and B
        </Link>
      </div>
      <div className="compare__sides">
        <Side name="A" id={a} query={first} />
        <Side name="B" id={b} query={second} />
      </div>
      {both ? (
        <section className="compare__checks" aria-labelledby="compare-checks-title">
          <h2 id="compare-checks-title">Check by check</h2>
          {both.a.url === both.b.url && both.a.url !== '' ? (
            <p className="field__hint">Both are reports of the same page: A is one run of it, B another.</p>
          ) : null}
          <ReportComparison
            mode="reports"
            earlier={{ label: 'A', report: both.a }}
            later={{ label: 'B', report: both.b }}
          />
        </section>
      ) : failed ? (
        <p className="compare__none">The checks are compared once both reports can be read.</p>
      ) : null}
      <p className="print-only">Printed {formatDateTime(new Date().toISOString())}.</p>
    </section>
  );
}

/**
 * Any two reports side by side (`/compare?a=ID&b=ID`): the score, each check's outcome and value
 * in both, what differs first. The address is all it needs, so it can be shared with someone who
 * uses the same service.
 */
export function ComparePage() {
  const [searchParams] = useSearchParams();
  const ids = comparedIdsFromSearch(searchParams);
  if (!ids.ok) return <AddressProblem ids={ids} />;
  // A fresh view per pair: nothing of the last pair's state carries over.
  return <Comparison key={`${ids.a}\n${ids.b}`} a={ids.a} b={ids.b} />;
}
