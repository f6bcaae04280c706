import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReportId } from '../../../api';
import {
  backLabel,
  focusListRowWhenShown,
  listPosition,
  originAtPage,
  originListParams,
  readOpenedFrom,
  type ListPosition,
  type Neighbour,
  type OpenedFrom,
  type ReportLocationState,
} from '../list-origin';
import { reportQueries } from '../../reports';
import { paths } from '../../../lib/paths';

export interface ListPlace {
  opened: OpenedFrom | null;
  position: ListPosition | null;
  /** Back to the list view, at the row of `focusId`: the browser's own back when it is that view. */
  back: (focusId: ReportId | null) => void;
}

/**
 * Where this report is in the list view it was opened from. That view's pages are usually in
 * the cache already (the person just came from it); at a page's edge the adjacent page is read.
 */
export function useListPlace(id: ReportId): ListPlace {
  const location = useLocation();
  const navigate = useNavigate();
  const opened = readOpenedFrom(location.state);
  const params = opened ? originListParams(opened.origin) : {};
  const page = useQuery({ ...reportQueries.list(params), enabled: opened !== null });
  const here = page.data ? listPosition(id, page.data) : null;
  const current = page.data?.currentPage ?? 1;
  const before = useQuery({
    ...reportQueries.list({ ...params, page: current - 1 > 1 ? current - 1 : undefined }),
    enabled: Boolean(here?.needsPageBefore),
  });
  const after = useQuery({
    ...reportQueries.list({ ...params, page: current + 1 }),
    enabled: Boolean(here?.needsPageAfter),
  });
  const position =
    opened && page.data && !page.isPlaceholderData ? listPosition(id, page.data, before.data, after.data) : null;
  return {
    opened,
    position,
    back: (focusId) => {
      if (opened?.listInHistory) navigate(-1);
      else navigate(opened?.origin.href ?? paths.reports.getHref(), { replace: opened !== null });
      if (focusId !== null) focusListRowWhenShown(focusId, opened?.origin.row);
    },
  };
}

function neighbourState(opened: OpenedFrom, position: ListPosition, neighbour: Neighbour): ReportLocationState {
  const samePage = neighbour.page === position.page;
  return {
    reportList: samePage ? opened.origin : originAtPage(opened.origin, neighbour.page),
    listInHistory: opened.listInHistory && samePage,
  };
}

const isModified = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** "← Back to the list", this report's place in it, and the previous and next report of that view. */
export function ReportPager({ id, place }: { id: ReportId; place: ListPlace }) {
  const { t } = useLingui();
  const { opened, position } = place;
  const at = position?.position;
  const total = position?.total;
  const onBack = (event: MouseEvent) => {
    if (isModified(event) || event.button !== 0) return;
    event.preventDefault();
    place.back(id);
  };
  const neighbourLink = (neighbour: Neighbour | null, direction: 'previous' | 'next') => {
    const address = neighbour?.url || t`(no URL)`;
    const text = direction === 'previous' ? t`Previous` : t`Next`;
    if (!neighbour || !opened || !position) {
      return (
        <span className="report-pager__step" aria-hidden="true">
          {direction === 'previous' ? `‹ ${text}` : `${text} ›`}
        </span>
      );
    }
    return (
      <Link
        to={paths.report.getHref(neighbour.id)}
        replace
        state={neighbourState(opened, position, neighbour)}
        className="report-pager__step"
        rel={direction === 'previous' ? 'prev' : 'next'}
      >
        {direction === 'previous' ? '‹ ' : null}
        {text} <span className="visually-hidden">{t`report: ${address}`}</span>
        {direction === 'next' ? ' ›' : null}
      </Link>
    );
  };
  return (
    <nav className="report-pager" aria-label={t`Reports`}>
      <Link to={opened?.origin.href ?? paths.reports.getHref()} className="report-pager__back" onClick={onBack}>
        ← {backLabel(opened)}
      </Link>
      {position ? (
        <span className="report-pager__steps">
          {neighbourLink(position.previous, 'previous')}
          <span className="report-pager__position">
            {t({ message: `${at} of ${total}`, comment: 'This report’s place in the list it was opened from' })}
          </span>
          {neighbourLink(position.next, 'next')}
        </span>
      ) : null}
    </nav>
  );
}
