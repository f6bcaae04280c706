import type { QueryClient } from '@tanstack/react-query';
import type { Page, Report, ReportId } from '../../api';
import type { ReportWrite } from '../audit';
import { reportQueries } from './queries';

/**
 * Tells the site audit about a write that succeeded, so that what it keeps of the report's
 * project (the audit, the overview, the lists filtered by failing check) shows it at once. The
 * audit's code is loaded only now (import()), never with the page that writes, and whatever
 * happens there cannot fail the write: it has happened, and the next visit refreshes the audit.
 */
export function tellAudit(write: ReportWrite): void {
  import('../audit').then(({ applyReportWrite }) => applyReportWrite(write)).catch(() => undefined); // the code could not be loaded (offline, a new deploy)
}

/** A report as this tab last read it: its page, else a list that shows it. */
export function cachedReportOf(queryClient: QueryClient, id: ReportId): Report | undefined {
  const detail = queryClient.getQueryData(reportQueries.detail(id).queryKey);
  if (detail) return detail;
  for (const [, page] of queryClient.getQueriesData<Page<Report>>({ queryKey: reportQueries.lists() })) {
    const row = page?.items.find((item) => item.id === id);
    if (row) return row;
  }
  return undefined;
}

/** The project of a report this tab has read (its page or a list), for a delete: it answers only the id. */
export function cachedProjectOf(queryClient: QueryClient, id: ReportId): string | undefined {
  return cachedReportOf(queryClient, id)?.project;
}
