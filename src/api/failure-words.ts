/**
 * What a failed request needs to say what went wrong: the client's own words and the reader of
 * the service's error answers. The first rows need neither, so they load with the first failure
 * (./request.ts, loadFailureWords) or once the page is idle after its first data.
 */
export { CLIENT_FAILURES, describeStatus } from '../lib/error-words/client';
export { readErrorBody } from './error-body';
