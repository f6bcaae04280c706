// @vitest-environment node
import { FAILURE_WORDS_WAIT_MS, failure } from '../../src/api/request';

/**
 * A failure's words load with the first failure (issue 39). On a network that stalls rather than
 * fails, their catalog never comes: the failure is still said, in a few English words, once
 * FAILURE_WORDS_WAIT_MS have passed, and what the app acts on (kind, status) is kept.
 */
const stalled = vi.hoisted(() => ({ on: false }));

vi.mock('../../src/api/failure-words', async (importOriginal) => {
  const words = await importOriginal<typeof import('../../src/api/failure-words')>();
  return {
    ...words,
    wordsReady: () => (stalled.on ? new Promise<void>(() => undefined) : words.wordsReady()),
  };
});

afterEach(() => {
  stalled.on = false;
  vi.useRealTimers();
});

it('says a failure in its own words when they are in', async () => {
  const error = await failure('network', { cause: new TypeError('Failed to fetch') });
  expect(error.message).toMatch(/^Could not reach the service\. Check your connection, the API base URL/);
});

it('says a failure in a few English words when its words stall, keeping its kind and status', async () => {
  stalled.on = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let settled = false;
  const network = failure('network', { cause: new TypeError('Failed to fetch') });
  void network.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(FAILURE_WORDS_WAIT_MS - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await network).toMatchObject({
    kind: 'network',
    message: 'Could not reach the service. Check the connection.',
  });

  const status = failure('http', { response: new Response('', { status: 503 }), text: '' });
  await vi.advanceTimersByTimeAsync(FAILURE_WORDS_WAIT_MS);
  expect(await status).toMatchObject({
    kind: 'http',
    status: 503,
    message: 'The service answered with an error (503).',
  });
});
