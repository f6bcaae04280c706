import type { ReportListParams } from '../../api';

/**
 * The overview's requests, shared by its route loader (which starts them) and its page. They are
 * the reports list's own views, so a figure's link opens a view already in the cache.
 */
export const overviewParams = {
  /** The newest reports; its `total` is the account's count of reports. */
  recent: { sortBy: 'generated_at', sort: 'desc' } satisfies ReportListParams,
};
