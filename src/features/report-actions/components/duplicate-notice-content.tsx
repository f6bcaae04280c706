import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DuplicateCheck, ReportRef } from '../../../api/write-outcomes';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { paths } from '../../../lib/paths';
import { duplicateQueries, reportListState } from '../../reports';
import { reportActionsCatalog } from '../catalog';
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
  useCatalog(reportActionsCatalog);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const options = duplicateQueries.of(kept.id);
  const { data } = useQuery(found ? { ...options, initialData: found } : options);
  const [deleted, setDeleted] = useState<string[]>([]);
  if (!data) return null;

  if (!data.checked) {
    return inItem ? (
      <span className="job-items__reason">
        {' '}
        —{' '}
        {t({
          message: 'could not check for a second report of this page.',
          comment: 'Ends a line of a job’s items, after the page’s address and “Done —”',
        })}
      </span>
    ) : (
      <p className="duplicate-notice duplicate-notice--unchecked">
        {t`The dashboard could not check whether the service holds a second report of this page (its list could not be read).`}{' '}
        <Link to={reportListState.href({ search: kept.url })}>{t`Reports of this page`}</Link>
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
  const actions = others.map((other) => {
    const id = other.id;
    return (
      <span key={id} className="form__actions duplicate-notice__actions">
        <Link to={paths.report.getHref(id)}>{t`Open report ${id}`}</Link>
        <DeleteReport
          report={other}
          label={t`Delete report ${id}`}
          // Deleting this one is the point, here: nothing else to do but say so in place.
          onDeleted={() => forget(id)}
        />
      </span>
    );
  });
  const gone = deleted.map((id) => t`Report ${id}, the extra one, was deleted.`).join(' ');
  if (others.length === 0 && deleted.length === 0) return null;

  const keptId = kept.id;
  const url = kept.url;
  const count = others.length;
  const otherId = others[0]?.id;
  if (inItem) {
    return (
      <span className="duplicate-notice">
        {count > 0 ? (
          <span className="job-items__reason">
            {' '}
            — {/* One other report is named; several are counted. */}
            {count === 1
              ? t({
                  message: `stored twice: the service also holds report ${otherId} of this page, from the same request. Report ${keptId} is kept.`,
                  comment: 'Ends a line of a job’s items, after the page’s address and “Done —”',
                })
              : t({
                  message: plural(count, {
                    one: `stored twice: the service also holds # other report of this page, from the same request. Report ${keptId} is kept.`,
                    other: `stored twice: the service also holds # other reports of this page, from the same request. Report ${keptId} is kept.`,
                  }),
                  comment: 'Ends a line of a job’s items, after the page’s address and “Done —”',
                })}
          </span>
        ) : null}
        {actions}
        {gone ? <span className="job-items__reason"> {gone}</span> : null}
      </span>
    );
  }
  return (
    <div className="duplicate-notice">
      {count > 0 ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {count === 1 ? (
              <Trans>
                <strong>This page was stored twice.</strong> The service holds another report of{' '}
                <bdi className="report-url-text">{url}</bdi> created during the same request: the browser probably sent
                it again after its connection dropped. This report, {keptId}, is kept; the other one can go.
              </Trans>
            ) : (
              <Trans>
                <strong>This page was stored twice.</strong> The service holds{' '}
                <Plural value={count} one="# other report" other="# other reports" /> of{' '}
                <bdi className="report-url-text">{url}</bdi> created during the same request: the browser probably sent
                it again after its connection dropped. This report, {keptId}, is kept; the others can go.
              </Trans>
            )}
          </p>
          {actions}
        </div>
      ) : null}
      <p role="status">{gone}</p>
    </div>
  );
}
