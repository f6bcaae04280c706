import { listReports, showReport } from './reports';

/**
 * The thin v1 client's reads: one function per operation of shared/spec/api-v1.md. Everything
 * this barrel exports is in the first paint of /reports, used or not (rolldown keeps a module's
 * exports that lazy chunks use), so what only other routes need is imported from its module:
 * the writes from ./writes (settled through ./write-outcomes), the connection check from
 * ./connection-check, the projects' reads from ./projects (docs/decisions/0027).
 */
export const api = {
  reports: { list: listReports, show: showReport },
};

export { ApiError, isApiError, isAbortError, type FieldErrors, type ApiErrorKind } from './errors';
export {
  setTransport,
  getTransport,
  onTransportChange,
  setRequestLimit,
  isKeyRejected,
  queuedRequestCount,
  requestsPausedUntil,
  shareRequestBudget,
} from './transport';
export {
  STILL_WAITING_AFTER_MS,
  stillWaiting,
  subscribeWaiting,
  stopWaitingForReads,
  type StillWaiting,
} from './waiting';
export { ANALYSIS_TIMEOUT_MS, READ_TIMEOUT_MS, loadFailureWords } from './request';
export type { Transport } from './request';
// The rating's thresholds live with its words; the client rates scores with them.
export { ratingFromScore } from '../lib/rating';
export * from '../lib/service-types';
