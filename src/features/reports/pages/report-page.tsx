import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, type ReportId } from '../../../api';
import { ErrorState } from '../../../components/states';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { toast } from '../../../components/toast';
import { paths } from '../../../lib/paths';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { CheckResults } from '../components/check-results';
import { DeleteReport } from '../components/delete-report';
import { PrivacyForm } from '../components/privacy-form';
import { ReanalysePanel } from '../components/reanalyse-panel';
import { ReportDetails } from '../components/report-details';
import { OpenPageLink } from '../components/report-url';
import { forgetReport } from '../mutations';
import { reportQueries } from '../queries';
import '../report-page.css';

function BackLink() {
  return (
    <p className="back-link">
      <Link to={paths.reports.getHref()}>← All reports</Link>
    </p>
  );
}

function ReportNotFound() {
  return (
    <section className="page state" aria-labelledby="report-not-found-title">
      <h1 id="report-not-found-title">Report not found</h1>
      <p>There is no report at this address. It may have been deleted, or the link may be out of date.</p>
      <Link to={paths.reports.getHref()} className="button">
        Back to all reports
      </Link>
    </section>
  );
}

function ReportView({ id }: { id: ReportId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(reportQueries.detail(id));
  const [privacyDirty, setPrivacyDirty] = useState(false);
  const unsaved = useUnsavedChanges(privacyDirty);
  const deleted = useRef(false);

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
        ? 'The connection was lost before the service answered, but the report was deleted.'
        : 'Report deleted',
    );
    navigate(paths.reports.getHref());
  };

  if (query.isPending) {
    return (
      <section className="page" aria-busy="true">
        <BackLink />
        <p role="status" className="report-loading">
          Loading report…
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
        <BackLink />
        <h1>Report</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }

  const report = query.data;
  return (
    <article className="page report-page" aria-labelledby="report-title">
      <BackLink />
      <header className="report-header">
        <h1 id="report-title" className="report-header__title">
          <span className="visually-hidden">Report for</span>{' '}
          <span className="report-url-text">{report.url || '(no URL)'}</span>
        </h1>
        <OpenPageLink url={report.url} />
      </header>
      <ReportDetails report={report} />
      <div className="report-actions">
        <ReanalysePanel report={report} />
        <PrivacyForm key={report.id} report={report} onDirtyChange={setPrivacyDirty} />
        <section className="report-section" aria-labelledby="danger-title">
          <h2 id="danger-title">Delete</h2>
          <DeleteReport report={report} onDeleted={onDeleted} />
        </section>
      </div>
      <CheckResults checks={report.checks} />
      <UnsavedChangesDialog unsaved={unsaved} what="The privacy change on this page has not been saved yet." />
    </article>
  );
}

export function ReportPage() {
  const { id } = useParams();
  if (!id) return <ReportNotFound />;
  // A fresh view per report: forms, pending states and the last re-analysis belong to one report.
  return <ReportView key={id} id={id} />;
}
