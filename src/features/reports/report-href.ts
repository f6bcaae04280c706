import type { ReportId } from '../../api';

/** The dashboard's page of one report. */
export function reportHref(id: ReportId): string {
  return `/reports/${encodeURIComponent(id)}`;
}
