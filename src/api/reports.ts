import { ANALYSIS_TIMEOUT_MS } from './request';
import { readDeleted, readReportEnvelope, readReportPage } from './parsers';
import { send } from './transport';
import {
  PRIVACY_CODES,
  type Page,
  type Report,
  type ReportId,
  type ReportListParams,
  type StoreReportInput,
  type UpdateReportInput,
} from './types';

interface CallOptions {
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

export async function storeReport(input: StoreReportInput, { signal }: CallOptions = {}): Promise<Report> {
  return send({
    method: 'POST',
    path: ['reports'],
    form: {
      url: input.url,
      privacy: input.privacy === undefined ? undefined : PRIVACY_CODES[input.privacy],
      password: input.password,
    },
    parse: readReportEnvelope,
    signal,
    timeoutMs: ANALYSIS_TIMEOUT_MS,
  });
}

export async function updateReport(
  id: ReportId,
  input: UpdateReportInput,
  { signal }: CallOptions = {},
): Promise<Report> {
  return send({
    method: 'PATCH',
    path: ['reports', id],
    form: {
      privacy: input.privacy === undefined ? undefined : PRIVACY_CODES[input.privacy],
      password: input.password,
      results: input.reanalyse === undefined ? undefined : input.reanalyse ? 1 : 0,
    },
    parse: readReportEnvelope,
    signal,
    timeoutMs: input.reanalyse ? ANALYSIS_TIMEOUT_MS : undefined,
  });
}

export async function deleteReport(id: ReportId, { signal }: CallOptions = {}): Promise<void> {
  await send({ method: 'DELETE', path: ['reports', id], parse: readDeleted, signal });
}
