import type { ProjectListParams, ReportListParams } from '../../api';

/**
 * The overview's requests, shared by its route loader (which starts them) and its page. They are
 * the reports list's own views, so a figure's link opens a view already in the cache.
 */
export const overviewParams = {
  /** The newest reports; its `total` is the account's count of reports. */
  recent: { sortBy: 'generated_at', sort: 'desc' } satisfies ReportListParams,
  /** A page of the projects list, 100 projects at a time. */
  projects: (page: number): ProjectListParams => (page > 1 ? { perPage: 100, page } : { perPage: 100 }),
};

/** At most this many pages of 100 projects are ranked (the most recently created ones). */
export const PROJECT_PAGES_READ = 10;
