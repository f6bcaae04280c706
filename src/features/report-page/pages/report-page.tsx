import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiText } from '../../../components/api-text';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, type Report, type ReportId } from '../../../api';
import { ErrorState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { paths } from '../../../lib/paths';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { DuplicateNotice, useReportOnScreen } from '../../report-actions';
import { Findings } from '../components/findings';
import { useReanalysis } from '../components/reanalysis';
import { ReportPager, useListPlace } from '../components/report-pager';
import { ReportSummary } from '../components/report-summary';
import { ReportToolbar } from '../components/report-toolbar';
import { OpenPageLink } from '../../../components/report-url';
import { RunsSection } from '../runs/runs-section';
import { ShareReport } from '../components/share-report';
import { forgetReport } from '../../report-actions';
import { checksToCsv, downloadFile } from '../../exports';
import { laterKept, usePreviousResult, type PreviousResult } from '../../kept-results';
import { reportQueries } from '../../reports';
import { Later, lazyPart } from '../../../components/lazy-part';
import { countChanges, diffReports, formatScoreDelta, hasChanges } from '../../../lib/report-diff';
import { runSearchParams } from '../runs/runs';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { reportPageCatalog } from '../catalog';
import { checksCatalog } from '../../../lib/check-catalog';
import { dateTimeInWords } from '../moments';
import '../report-page.css';

const PRINT_WAIT_MS = 3000;

/**
 * The agency's header, page numbers and footer line on the printed report: print only, so its
 * code (and the workspace it reads the profile from) follows the first paint.
 */
const PrintedBranding = lazyPart(async () => (await import('../../branding')).PrintedBranding, {
  when: 'after-paint',
  // Nothing of it is on screen: without its code the report prints without the agency's header.
  fallback: () => null,
});

/**
 * The team's results of this report before its re-analysis, and this device's shared with the
 * team once joined (decision 115). After the first paint: it brings the workspace's code; without
 * it the page shows what this device kept, as alone.
 */
const ResultBeforeSharing = lazyPart(
  async () => (await import('../components/result-before-sharing')).ResultBeforeSharing,
  { when: 'after-paint', fallback: () => null },
);

function ReportNotFound() {
  const { t } = useLingui();
  return (
    <section className="page state" aria-labelledby="report-not-found-title">
      <h1 id="report-not-found-title">{t`Report not found`}</h1>
      <p>{t`There is no report at this address. It may have been deleted, or the link may be out of date.`}</p>
      <Link to={paths.reports.getHref()} className="button">
        {t`Back to all reports`}
      </Link>
    </section>
  );
}

/**
 * What this device kept of the report before its last re-analysis, when it is really an earlier
 * run of this report: not the same results (a re-analysis still on its way, or refused), and not
 * another report that had this id in a demo since reset.
 */
function earlierRun(kept: PreviousResult | null | undefined, report: Report): PreviousResult | null {
  if (!kept || kept.report.url !== report.url) return null;
  const before = kept.report;
  return before.generatedAt !== report.generatedAt || hasChanges(diffReports(before, report)) ? kept : null;
}

/** One line under the score after a re-analysis: what moved, and the way to the details. */
function ChangeLine({ kept, report }: { kept: PreviousResult; report: Report }) {
  const { t } = useLingui();
  const diff = diffReports(kept.report, report);
  const when = dateTimeInWords(kept.report.generatedAt);
  const fixed = countChanges(diff, 'fixed');
  const failing = countChanges(diff, 'newly-failing');
  const { scoreBefore: before, scoreAfter: after } = diff;
  const change = diff.scoreDelta === null ? null : formatScoreDelta(diff.scoreDelta);
  return (
    <p className="report-change">
      {change === null
        ? t`Since the previous analysis (${when}): ${fixed} fixed, ${failing} newly failing.`
        : t`Since the previous analysis (${when}): score ${before} → ${after} (${change}), ${fixed} fixed, ${failing} newly failing.`}{' '}
      <a href="#comparison" className="no-print">
        {t`See what changed`}
      </a>
    </p>
  );
}

function ReportView({ id }: { id: ReportId }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(reportQueries.detail(id));
  const place = useListPlace(id);
  const keptHere = usePreviousResult(id);
  const [teamsCopy, setTeamsCopy] = useState<{ id: ReportId; result: PreviousResult | null }>();
  const reanalysis = useReanalysis(id, query.data);
  const [privacyDirty, setPrivacyDirty] = useState(false);
  const unsaved = useUnsavedChanges(privacyDirty);
  const deleted = useRef(false);
  useReportOnScreen(id);
  // The runs are looked up when their section comes near the screen, or before printing.
  const [runsWanted, setRunsWanted] = useState(false);
  const wantRuns = useCallback(() => setRunsWanted(true), []);
  useEffect(() => {
    window.addEventListener('beforeprint', wantRuns);
    return () => window.removeEventListener('beforeprint', wantRuns);
  }, [wantRuns]);

  // Forget the deleted report only once its page is gone: while the page still observes the
  // query, removing it would make the page fetch it again (and get a 404).
  useEffect(
    () => () => {
      if (deleted.current) forgetReport(queryClient, id);
    },
    [queryClient, id],
  );

  const onDeleted = (settledByReading: boolean) => {
    deleted.current = true;
    // The report is gone: an unsaved privacy change to it has nothing left to be saved to.
    unsaved.allowNextNavigation();
    toast.success(
      settledByReading
        ? t`The connection was lost before the service answered, but the report was deleted.`
        : t`Report deleted`,
    );
    // Back to the view it was opened from, where the next row has taken its place.
    const { position } = place;
    place.back(position?.next?.id ?? position?.previous?.id ?? null);
  };

  if (query.isPending) {
    return (
      <section className="page" aria-busy="true">
        <ReportPager id={id} place={place} />
        <p role="status" className="report-loading">
          {t`Loading report…`}
        </p>
      </section>
    );
  }
  // A failed refetch keeps the report (and any form on it) on screen: a rejected key can be
  // replaced in place, and a slow service retried, without losing what was typed.
  if (query.isError && query.data === undefined) {
    if (isApiError(query.error) && query.error.isNotFound) return <ReportNotFound />;
    return (
      <section className="page">
        <ReportPager id={id} place={place} />
        <h1>{t`Report`}</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }

  const report = query.data;
  // This device's or the team's (decision 115), whichever is the later real earlier run.
  const keptEarlier = earlierRun(keptHere, report);
  const earlier = laterKept(keptEarlier, earlierRun(teamsCopy?.id === id ? teamsCopy.result : null, report));
  // An element, never the service's text itself: <Trans> would read markup in a string as its own.
  const address = <span className="report-url-text">{report.url ? <ApiText value={report.url} /> : t`(no URL)`}</span>;
  const analysed = dateTimeInWords(report.generatedAt);
  const printed = dateTimeInWords(new Date().toISOString());

  /** The printed report includes the runs: they are read first (for a few seconds at most). */
  const print = async () => {
    setRunsWanted(true);
    const runs = queryClient.ensureQueryData(reportQueries.list(runSearchParams(report, 1)));
    await Promise.race([runs.catch(() => undefined), new Promise((done) => setTimeout(done, PRINT_WAIT_MS))]);
    // One frame for the page to show them.
    requestAnimationFrame(() => window.print());
  };

  return (
    <article className="page report-page" aria-labelledby="report-title">
      <ReportPager id={id} place={place} />
      <PrintedBranding />
      <ResultBeforeSharing id={id} kept={keptEarlier} onTeamsCopy={setTeamsCopy} />
      <header className="report-header">
        <p className="report-header__kicker print-only">{t`SEO report`}</p>
        <h1 id="report-title" className="report-header__title">
          <Trans>
            <span className="visually-hidden">Report for</span> {address}
          </Trans>
        </h1>
        <OpenPageLink url={report.url} />
      </header>
      <DuplicateNotice kept={report} />
      <ReportSummary report={report}>
        <ShareReport report={report} />
        {earlier ? <ChangeLine kept={earlier} report={report} /> : null}
      </ReportSummary>
      <ReportToolbar
        report={report}
        reanalysing={reanalysis.running}
        canReanalyse={reanalysis.canStart}
        onReanalyse={reanalysis.start}
        onPrivacyDirtyChange={setPrivacyDirty}
        onDeleted={onDeleted}
        onPrint={() => void print()}
        onDownloadChecks={report.checks.length > 0 ? () => downloadChecks(report) : undefined}
      />
      {reanalysis.status}
      <Findings report={report} />
      <Later when="after-paint">
        <RunsSection report={report} kept={earlier} load={runsWanted} onNearScreen={wantRuns} />
      </Later>
      <p className="print-only report-printed">{t`Analysed ${analysed}. Printed ${printed}.`}</p>
      <UnsavedChangesDialog unsaved={unsaved} what={t`The privacy change on this page has not been saved yet.`} />
    </article>
  );
}

function downloadChecks(report: Report) {
  const name = `checks-${(report.url || report.id).replace(/[^\w.-]+/g, '_').slice(0, 80)}.csv`;
  downloadFile(name, checksToCsv(report), 'text/csv;charset=utf-8');
}

export function ReportPage() {
  // The checks' words come with the page's own, in one round trip (docs/decisions/0112).
  useCatalog(reportPageCatalog, checksCatalog);
  const { id } = useParams();
  if (!id) return <ReportNotFound />;
  // A fresh view per report: forms, pending states and the last re-analysis belong to one report.
  return <ReportView key={id} id={id} />;
}
