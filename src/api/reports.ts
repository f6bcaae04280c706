import { readReportEnvelope, readReportPage } from './parsers';
import { send } from './transport';
import type { Page, Report, ReportId, ReportListParams } from '../lib/service-types';

/** Reads of reports. Writes are in ./writes.ts (out of the first paint; see its header). */

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export async function listReports(params: ReportListParams, { signal }: CallOptions = {}): Promise<Page<Report>> {
  return send({
    method: 'GET',
    path: ['reports'],
    query: {
      search: params.search,
      search_by: params.searchBy,
      project: params.project,
      result: params.result,
      sort_by: params.sortBy,
      sort: params.sort,
      per_page: params.perPage,
      page: params.page,
    },
    parse: readReportPage,
    signal,
  });
}

export async function showReport(id: ReportId, { signal }: CallOptions = {}): Promise<Report> {
  return send({ method: 'GET', path: ['reports', id], parse: readReportEnvelope, signal });
}
