import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import type { Page, Report, ReportId, ReportListParams } from '../../api';
import { readOr } from '../../lib/schema';
import { paths } from '../../lib/paths';
import { projectNameFromPathname, projectPartFromPathname } from '../../lib/paths-from-address';
import { reportListState } from '../reports';

/**
 * The list view a report was opened from (the reports list or a project's, filtered, sorted,
 * paged), carried in the router's location state (docs/decisions/0018). It survives a reload
 * (the browser keeps history state) but not a shared link: without it the page falls back to
 * /reports.
 */
export interface ReportListOrigin {
  /** The list's address, e.g. `/reports?result=bad&page=2` or `/projects/example.com?page=3`. */
  href: string;
  /** On a project's page: the project whose reports the list shows. */
  project?: string;
  /**
   * The row followed, and how far from the top of the window it was: back on the list, that row
   * goes there again. Rows off screen have estimated heights (content-visibility), so a restored
   * scroll offset alone lands elsewhere once they are laid out.
   */
  row?: { href: string; top: number };
}

export interface ReportLocationState {
  reportList: ReportListOrigin;
  /**
   * Whether the history entry just before this one is that list view, so that "back" can be the
   * browser's own (scroll position and all). False once previous/next has moved to another page.
   */
  listInHistory?: boolean;
}

export interface OpenedFrom {
  origin: ReportListOrigin;
  listInHistory: boolean;
}

/**
 * The state as this app writes it. The browser keeps it across reloads, so it may come from an
 * older version: a row that cannot be read is left out; an origin that cannot is none.
 */
const OpenedFromSchema: v.GenericSchema<unknown, OpenedFrom> = v.pipe(
  v.object({
    reportList: v.object({
      href: v.pipe(v.string(), v.check(isListAddress)),
      project: v.optional(v.string()),
      row: v.fallback(v.optional(v.object({ href: v.string(), top: v.number() })), undefined),
    }),
    listInHistory: v.optional(v.unknown()),
  }),
  v.transform(({ reportList: { href, project, row }, listInHistory }) => ({
    origin: { href, ...(project !== undefined && { project }), ...(row && { row }) },
    listInHistory: listInHistory !== false,
  })),
);

/** The origin in a location's state, if it is one this app wrote. */
export const readOpenedFrom = (state: unknown): OpenedFrom | null => readOr(OpenedFromSchema, state, null);

/**
 * The reports list or a project's pages (or the project's own address, where the list was before
 * the page had parts, and which leads there): the only views a report is opened from.
 */
function isListAddress(href: string): boolean {
  const { pathname } = splitHref(href);
  return (
    pathname === paths.reports.getHref() ||
    projectNameFromPathname(pathname) !== null ||
    projectPartFromPathname(pathname)?.part === 'pages'
  );
}

function splitHref(href: string): { pathname: string; search: URLSearchParams } {
  const at = href.indexOf('?');
  return at === -1
    ? { pathname: href, search: new URLSearchParams() }
    : { pathname: href.slice(0, at), search: new URLSearchParams(href.slice(at + 1)) };
}

/** The list request of the origin view, exactly as the list page sends it. */
export function originListParams(origin: ReportListOrigin): ReportListParams {
  const params = reportListState.parse(splitHref(origin.href).search);
  if (origin.project === undefined) return params;
  const { project: _ignored, ...rest } = params;
  return { ...rest, project: origin.project };
}

/** The same view at another page. */
export function originAtPage({ row: _row, ...origin }: ReportListOrigin, page: number): ReportListOrigin {
  const { pathname, search } = splitHref(origin.href);
  const params = { ...reportListState.parse(search), page: page > 1 ? page : undefined };
  const query = reportListState.serialise(params).toString();
  const href = query ? `${pathname}?${query}` : pathname;
  return { ...origin, href };
}

/** "← All reports", "← Back to the list", "← Back to example.com". */
export function backLabel(opened: OpenedFrom | null): string {
  if (!opened) return t`All reports`;
  const { project } = opened.origin;
  if (project !== undefined) return t`Back to ${project}`;
  return opened.origin.href === paths.reports.getHref() ? t`All reports` : t`Back to the list`;
}

export interface Neighbour {
  id: ReportId;
  url: string;
  /** The list page it is on. */
  page: number;
}

export interface ListPosition {
  /** 1-based, in the whole list view. */
  position: number;
  total: number;
  /** The list page the report is on. */
  page: number;
  previous: Neighbour | null;
  next: Neighbour | null;
  /** The neighbour lies on the page before / after, which has not been read yet. */
  needsPageBefore: boolean;
  needsPageAfter: boolean;
}

/**
 * Where a report is in a list view, and its neighbours there; at the edge of a page they come from
 * the adjacent pages, when those are known. Null when the report is not on the page (any more).
 */
export function listPosition(
  id: ReportId,
  page: Page<Report>,
  before?: Page<Report>,
  after?: Page<Report>,
): ListPosition | null {
  const index = page.items.findIndex((report) => report.id === id);
  if (index === -1) return null;
  const at = (list: Page<Report> | undefined, i: number): Neighbour | null => {
    const report = list?.items[i];
    return report && list ? { id: report.id, url: report.url, page: list.currentPage } : null;
  };
  const first = index === 0;
  const last = index === page.items.length - 1;
  const hasBefore = page.currentPage > 1;
  const hasAfter = page.currentPage < page.lastPage;
  return {
    position: (page.currentPage - 1) * page.perPage + index + 1,
    total: page.total,
    page: page.currentPage,
    previous: first ? (hasBefore ? at(before, (before?.items.length ?? 0) - 1) : null) : at(page, index - 1),
    next: last ? (hasAfter ? at(after, 0) : null) : at(page, index + 1),
    needsPageBefore: first && hasBefore,
    needsPageAfter: last && hasAfter,
  };
}

/**
 * Back on the list, keyboard focus goes to the link of the row one came from (or, after a
 * delete, of the row that took its place), once the list has drawn it, without scrolling away
 * from where the list was left.
 */
export function focusListRowWhenShown(id: ReportId, row?: ReportListOrigin['row'], timeoutMs = 10_000): void {
  const wanted = paths.report.getHref(id);
  const deadline = Date.now() + timeoutMs;
  // A key pressed or a click once on the way back (Tab to the next row, typing) is the person
  // moving on: from then on their focus is theirs, even on another row's link.
  let movedOn = false;
  const moveOn = () => {
    movedOn = true;
  };
  window.addEventListener('keydown', moveOn, { capture: true, once: true });
  window.addEventListener('pointerdown', moveOn, { capture: true, once: true });
  const done = () => {
    window.removeEventListener('keydown', moveOn, { capture: true });
    window.removeEventListener('pointerdown', moveOn, { capture: true });
  };
  const linkTo = (href: string) =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a.report-link')).find((a) =>
      a.getAttribute('href')?.endsWith(href),
    );
  /** The row that was followed back where it was on screen; the rows near it lay out meanwhile. */
  const placeRow = (frames: number) => {
    const followed = row ? linkTo(row.href) : undefined;
    if (!row || !followed || movedOn) return;
    const shift = followed.getBoundingClientRect().top - row.top;
    if (Math.abs(shift) > 1) window.scrollBy(0, shift);
    if (frames > 1) requestAnimationFrame(() => placeRow(frames - 1));
  };
  const attempt = () => {
    // Someone who has already moved on (typing in the search box) keeps their focus. Focus on a
    // row's link before that is the focus keeper's (features/shortcuts/focus-keeper.ts, "back on
    // a page seen before"), not a move of theirs: this knows the row better, and puts it back on
    // screen.
    const active = document.activeElement;
    const keepersOrNone = !active || active === document.body || active.tagName === 'MAIN' || !active.isConnected;
    if (movedOn || (!keepersOrNone && !active.closest('.report-page') && !active.matches('a.report-link'))) {
      done();
      return;
    }
    const link = linkTo(wanted);
    if (link) {
      done();
      placeRow(3);
      link.focus({ preventScroll: true });
      const box = link.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) link.scrollIntoView({ block: 'center' });
    } else if (Date.now() < deadline) {
      setTimeout(attempt, 50);
    } else {
      done();
    }
  };
  setTimeout(attempt, 0);
}
