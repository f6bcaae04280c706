import { request, type Transport } from './request';
import { readReportPage } from './parsers';

/** Tries a connection before it is saved: one small list request with the given base URL and key. */
export async function checkConnection(transport: Transport, signal?: AbortSignal): Promise<{ reportCount: number }> {
  const page = await request(transport, {
    method: 'GET',
    path: ['reports'],
    query: { per_page: 10 },
    parse: readReportPage,
    signal,
    timeoutMs: 15_000,
  });
  return { reportCount: page.total };
}
