/**
 * The reports core: how reports are read, listed and labelled, used by every report screen, the
 * shell and other features. It is in the first paint of /reports, so it holds only what that
 * needs: what the lazy screens share besides lives in report-actions and kept-results.
 */
export { FIRST_DIRECTION, reportListState, reportListView, searchAsStored } from './list-state';
export { reportQueries } from './queries';
export { reportFromLists } from './list-copies';
export { PRIVACY_LABELS } from './privacy';
export { cachedProjectOf, cachedReportOf, tellAudit } from './audit-writes';
export { duplicateQueries } from './duplicate-queries';
