import { deleteProject, listProjects } from './projects';
import { deleteReport, listReports, showReport, storeReport, updateReport } from './reports';

/** The thin v1 client: one function per operation of shared/spec/api-v1.md. */
export const api = {
  reports: { list: listReports, show: showReport, store: storeReport, update: updateReport, delete: deleteReport },
  projects: { list: listProjects, delete: deleteProject },
};

export { ApiError, isApiError, isAbortError, type FieldErrors, type ApiErrorKind } from './errors';
export { checkConnection } from './connection-check';
export {
  setTransport,
  getTransport,
  onTransportChange,
  setRequestLimit,
  isKeyRejected,
  queuedRequestCount,
  requestsPausedUntil,
} from './transport';
export {
  STILL_WAITING_AFTER_MS,
  stillWaiting,
  subscribeWaiting,
  stopWaitingForReads,
  type StillWaiting,
} from './waiting';
export { ANALYSIS_TIMEOUT_MS, READ_TIMEOUT_MS } from './request';
export type { Transport } from './request';
// The rating's thresholds live with its words; the client rates scores with them.
export { ratingFromScore } from '../lib/rating';
export * from './types';
// Writes and how their lost answers settle (./write-outcomes) are imported from that module by
// the routes that write: re-exported here, they would be in the first paint of /reports.
