import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { DuplicateCheck, ReportRef } from '../../../api/write-outcomes';
import { lazyPart } from '../../../components/lazy-part';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { duplicateQueries, reportListState } from '../../reports';
import { reportActionsCatalog } from '../catalog';

interface Props {
  kept: ReportRef;
  /** What a bulk create's item kept, for when the query cache no longer has it (a reload). */
  found?: DuplicateCheck | undefined;
  /** A line of a job's items rather than a notice on the report's page. */
  inItem?: boolean;
}

/** If its code cannot load, the fact still has words and a way to the reports of the page. */
function Unavailable({ kept, inItem }: Props) {
  useCatalog(reportActionsCatalog);
  const { t } = useLingui();
  const words = t`This page may have been stored twice.`;
  return inItem ? (
    <span className="job-items__reason"> — {words}</span>
  ) : (
    <p className="notice notice--warning" role="alert">
      {words} <Link to={reportListState.href({ search: kept.url })}>{t`Reports of this page`}</Link>
    </p>
  );
}

const Content = lazyPart(async () => (await import('./duplicate-notice-content')).DuplicateNoticeContent, {
  fallback: Unavailable,
});

/**
 * What the look for a second report found after this report was stored here (decision 64), from
 * the query cache. Nothing at all on a visit to a report that was not just stored here, the usual
 * case: the notice's code (and the delete it offers) loads only after a store.
 */
export function DuplicateNotice(props: Props) {
  const options = duplicateQueries.of(props.kept.id);
  const { data } = useQuery(props.found ? { ...options, initialData: props.found } : options);
  if (!data) return null;
  // A job's item that found nothing (most of them) loads nothing; one that did keeps its line.
  if (props.found?.checked && props.found.others.length === 0) return null;
  return <Content {...props} />;
}
