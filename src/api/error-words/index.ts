/**
 * Every failure in plain words, in one place: what the client puts in an ApiError's message when
 * the service gave none (client.ts), what the pages say about an error, with its title and the
 * way on (describe-error.ts), and why a connection test failed (connection-test.ts).
 *
 * One file per audience so that each loads with the code that shows it: the connection test's
 * setup advice with the settings page, not with the first paint of the reports list.
 */
export { CLIENT_FAILURES, describeStatus } from './client';
export { describeError, reasonInSentence, type ErrorWords } from './describe-error';
export { describeConnectionTestFailure } from './connection-test';
