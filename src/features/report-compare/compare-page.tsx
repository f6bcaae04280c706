import type { ReactNode } from 'react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { isApiError, type Report, type ReportId } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { RatingBadge } from '../../components/rating-badge';
import { ErrorState } from '../../components/states';
import { shortText } from '../../lib/display-text';
import { formatDateTime } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { comparedIdsFromSearch, type ComparedIds } from '../../lib/paths-from-address';
import { ReportComparison } from '../../components/report-comparison';
import { reportFromLists } from '../reports';
import { reportCompareCatalog } from './catalog';
import { checksCatalog } from '../../lib/check-catalog';
import '../report-page/report-page.css';
import './compare.css';

const TITLE_ID = 'compare-title';

/** "Nov 20, 2026, 10:05 AM", "20.11.2026, 10:05", in the language on screen. */
function dateTimeInWords(moment: string | number): string {
  return formatDateTime(moment) ?? translate({ message: 'unknown', comment: 'A date that cannot be read' });
}

function Heading() {
  const { t } = useLingui();
  return (
    <h1 id={TITLE_ID} className="compare__title">
      {t`Two reports compared`}
    </h1>
  );
}

/** How to get a comparison that works: tick two reports in a list. */
function WayOn() {
  const { t } = useLingui();
  return (
    <div className="state__actions">
      <Link to={paths.reports.getHref()} className="button">
        {t`Choose two reports`}
      </Link>
    </div>
  );
}

// The sides' names are letters in every language, as the comparison's columns are.
const sideName = (side: 'a' | 'b') => (side === 'a' ? 'A' : 'B');

/** An address that names no two reports: what is wrong with it, in words, and no request sent. */
function AddressProblem({ ids }: { ids: Exclude<ComparedIds, { ok: true }> }) {
  const { t } = useLingui();
  let title: string;
  let detail: ReactNode;
  if (ids.problem === 'missing') {
    const side = sideName(ids.missing[0]!);
    title =
      ids.missing.length === 2
        ? t`This address names no reports`
        : t({ message: `Report ${side} is missing`, comment: 'A or B: one of the two reports compared' });
    detail =
      ids.missing.length === 2
        ? t({
            message: 'A comparison needs two reports. Tick two in a list of reports, then choose Compare.',
            comment: 'Compare: the button of a list of reports, “Compare these two”',
          })
        : t({
            message:
              'A comparison needs two reports, and this address names only one. Tick two in a list of reports, then choose Compare.',
            comment: 'Compare: the button of a list of reports, “Compare these two”',
          });
  } else if (ids.problem === 'not-an-id') {
    const side = sideName(ids.side);
    title = t({ message: `Report ${side} is not a report id`, comment: 'A or B: one of the two reports compared' });
    // An element, never the address's text itself: <Trans> would read markup in a string as its own.
    const value = <bdi>{shortText(ids.value, 80)}</bdi>;
    detail = (
      <Trans comment="A or B: one of the two reports compared; the value is what the address gives">
        The address gives “{value}” for report {side}, which cannot be the id of a report. The link may have been cut or
        changed on its way.
      </Trans>
    );
  } else {
    const id = ids.id;
    detail = (
      <Trans>
        Both sides of this comparison are report {id}: there is nothing to compare.{' '}
        <Link to={paths.report.getHref(id)}>Open that report</Link>, or tick two different reports in a list.
      </Trans>
    );
    title = t`The same report twice`;
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
  const { t } = useLingui();
  const headingId = `compare-side-${name}`;
  let body;
  if (query.data) {
    const report = query.data;
    body = (
      <>
        <p className="compare-side__url report-url-text">
          {report.url ? <ApiText value={report.url} limit={160} /> : t`(no URL)`}
        </p>
        <p className="compare-side__score">
          <RatingBadge rating={report.rating} score={report.score} />
        </p>
        <dl className="compare-side__facts">
          <div>
            <dt>{t`Project`}</dt>
            <dd>{report.project ? <bdi>{shortText(report.project)}</bdi> : '—'}</dd>
          </div>
          <div>
            <dt>{t({ message: 'Analysed', comment: 'When the report was made' })}</dt>
            <dd>
              {/* Exact: two dates side by side are compared, and on paper "3 days ago" means nothing. */}
              {report.generatedAt ? (
                <time dateTime={report.generatedAt}>{dateTimeInWords(report.generatedAt)}</time>
              ) : (
                t({ message: 'never', comment: 'Analysed: never' })
              )}
            </dd>
          </div>
        </dl>
        <p className="no-print">
          <Link to={paths.report.getHref(report.id)}>
            {t({ message: `Open report ${name}`, comment: 'A or B: one of the two reports compared' })}
          </Link>
        </p>
      </>
    );
  } else if (query.isError && isApiError(query.error) && query.error.isNotFound) {
    // An element, as the value above: never read as markup.
    const shortId = <>{shortText(id, 80)}</>;
    body = (
      <div className="state state--error" role="alert">
        <p>
          <Trans comment="A or B: one of the two reports compared; then the report's id">
            <strong>Report {name} was not found.</strong> The service has no report {shortId}: it may have been deleted,
            or the link may be out of date.
          </Trans>
        </p>
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <p role="status">
        {t({ message: `Loading report ${name}…`, comment: 'A or B: one of the two reports compared' })}
      </p>
    );
  }
  return (
    <section className="compare-side" aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId} className="compare-side__name">
        {t({ message: `Report ${name}`, comment: 'A or B: one of the two reports compared' })}
      </h2>
      {body}
    </section>
  );
}

function Comparison({ a, b }: { a: ReportId; b: ReportId }) {
  const { t } = useLingui();
  // Both at once (two queries side by side, not one after the other); the route's loader has
  // usually started them, or found them in the cache. Its code may come after this page's: the
  // page looks in the lists too.
  const queryClient = useQueryClient();
  const first = useQuery(reportFromLists(queryClient, a));
  const second = useQuery(reportFromLists(queryClient, b));
  const both = first.data && second.data ? { a: first.data, b: second.data } : null;
  const failed = (first.isError && !first.data) || (second.isError && !second.data);
  const printed = dateTimeInWords(new Date().toISOString());
  return (
    <section className="page compare" aria-labelledby={TITLE_ID}>
      <p className="print-only report-header__kicker">{t`SEO reports compared`}</p>
      <div className="page-header">
        <Heading />
        <Link to={paths.compare.getHref(b, a)} className="button no-print">
          {t`Swap A and B`}
        </Link>
      </div>
      <div className="compare__sides">
        <Side name="A" id={a} query={first} />
        <Side name="B" id={b} query={second} />
      </div>
      {both ? (
        <section className="compare__checks" aria-labelledby="compare-checks-title">
          <h2 id="compare-checks-title">{t`Check by check`}</h2>
          {both.a.url === both.b.url && both.a.url !== '' ? (
            <p className="field__hint">{t`Both are reports of the same page: A is one run of it, B another.`}</p>
          ) : null}
          <ReportComparison
            mode="reports"
            earlier={{ label: 'A', report: both.a }}
            later={{ label: 'B', report: both.b }}
          />
        </section>
      ) : failed ? (
        <p className="compare__none">{t`The checks are compared once both reports can be read.`}</p>
      ) : null}
      <p className="print-only">{t`Printed ${printed}.`}</p>
    </section>
  );
}

/**
 * Any two reports side by side (`/compare?a=ID&b=ID`): the score, each check's outcome and value
 * in both, what differs first. The address is all it needs, so it can be shared with someone who
 * uses the same service.
 */
export function ComparePage() {
  // The checks' words (the comparison's titles and values) come with the page's, in one round trip.
  useCatalog(reportCompareCatalog, checksCatalog);
  const [searchParams] = useSearchParams();
  const ids = comparedIdsFromSearch(searchParams);
  if (!ids.ok) return <AddressProblem ids={ids} />;
  // A fresh view per pair: nothing of the last pair's state carries over.
  return <Comparison key={`${ids.a}\n${ids.b}`} a={ids.a} b={ids.b} />;
}
