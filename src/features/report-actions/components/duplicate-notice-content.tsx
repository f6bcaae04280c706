import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuplicateCheck, ReportRef } from '../../../api/write-outcomes';
import { paths } from '../../../lib/paths';
import { duplicateQueries, reportListState } from '../../reports';
import { DeleteReport } from './delete-report';

/**
 * The duplicate notice itself (`DuplicateNotice` loads it when a look has found something).
 * Other reports of a page that one store left behind (the browser sent the request twice,
 * decision 64): which report is kept, a way to each other one, and its deletion through the usual
 * confirmation, where a re-sent delete's 404 counts as done. What the look found is kept in the
 * query cache (`duplicateQueries`), so the notice is the same on the report's page, in the
 * bulk create's list and in the tray, and a deletion in one place shows in all of them.
 *
 * `found` is what a bulk create's item kept, for when the cache no longer has it (a reload).
 * `inItem`: a line of a job's items, said quietly (the tray announces no item); on the report's
 * page the notice is an alert, since it is news the person did not ask for.
 */
export function DuplicateNoticeContent({
  kept,
  found,
  inItem = false,
}: {
  kept: ReportRef;
  found?: DuplicateCheck | undefined;
  inItem?: boolean;
}) {
  const queryClient = useQueryClient();
  const options = duplicateQueries.of(kept.id);
  const { data } = useQuery(found ? { ...options, initialData: found } : options);
  const [deleted, setDeleted] = useState<string[]>([]);
  if (!data) return null;

  if (!data.checked) {
    return inItem ? (
      <span className="job-items__reason"> — could not check for a second report of this page.</span>
    ) : (
      <p className="duplicate-notice duplicate-notice--unchecked">
        The dashboard could not check whether the service holds a second report of this page (its list could not be
        read). <Link to={reportListState.href({ search: kept.url })}>Reports of this page</Link>
      </p>
    );
  }

  const others = data.others;
  const forget = (id: string) => {
    queryClient.setQueryData(options.queryKey, (current) =>
      current?.checked ? { checked: true, others: current.others.filter((other) => other.id !== id) } : current,
    );
    setDeleted((ids) => [...ids, id]);
  };
  const actions = others.map((other) => (
    <span key={other.id} className="form__actions duplicate-notice__actions">
      <Link to={paths.report.getHref(other.id)}>Open report {other.id}</Link>
      <DeleteReport
        report={other}
        label={`Delete report ${other.id}`}
        // Deleting this one is the point, here: nothing else to do but say so in place.
        onDeleted={() => forget(other.id)}
      />
    </span>
  ));
  const gone = deleted.map((id) => `Report ${id}, the extra one, was deleted. `).join('');
  if (others.length === 0 && deleted.length === 0) return null;

  const another = others.length === 1 ? `report ${others[0]?.id}` : `${others.length} other reports`;
  if (inItem) {
    return (
      <span className="duplicate-notice">
        {others.length > 0 ? (
          <span className="job-items__reason">
            {' '}
            — stored twice: the service also holds {another} of this page, from the same request. Report {kept.id} is
            kept.
          </span>
        ) : null}
        {actions}
        {gone ? <span className="job-items__reason"> {gone}</span> : null}
      </span>
    );
  }
  return (
    <div className="duplicate-notice">
      {others.length > 0 ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <strong>This page was stored twice.</strong> The service holds{' '}
            {others.length === 1 ? 'another report' : `${others.length} other reports`} of{' '}
            <bdi className="report-url-text">{kept.url}</bdi> created during the same request: the browser probably sent
            it again after its connection dropped. This report, {kept.id}, is kept;{' '}
            {others.length === 1 ? 'the other one' : 'the others'} can go.
          </p>
          {actions}
        </div>
      ) : null}
      <p role="status">{gone.trim()}</p>
    </div>
  );
}
