// @vitest-environment node
import { ApiError } from '../../src/api/errors';
import { request } from '../../src/api/request';
import { stoppedWaitingError } from '../../src/api/waiting';

// A failure's words load with the first failure (src/api/request.ts, `failure`). Here their code
// cannot be loaded (offline before it came, or a newer deployment removed the file): the error
// still says what kind of failure it was, and keeps what the app acts on.
vi.mock('../../src/api/failure-words', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

async function failureOf(fetch: () => Promise<Response>, parse: (body: unknown) => unknown = (body) => body) {
  const error: unknown = await request(
    { baseUrl: 'https://seo.example', apiKey: 'k', fetch },
    { method: 'GET', path: ['reports'], parse },
  ).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

it('says the service could not be reached when the connection is lost', async () => {
  const error = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
  expect(error).toMatchObject({ kind: 'network', isTransient: true });
  expect(error.message).toBe('Could not reach the service. Check the connection.');
});

it('keeps the status and the Retry-After of an error answer', async () => {
  const error = await failureOf(() =>
    Promise.resolve(new Response('{"message":"Slow down"}', { status: 429, headers: { 'Retry-After': '42' } })),
  );
  expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 42, isTransient: true });
  expect(error.message).toBe('The service answered with an error (429).');
});

it('keeps a rejected key a rejected key', async () => {
  const error = await failureOf(() => Promise.resolve(new Response('', { status: 401 })));
  expect(error.isUnauthorized).toBe(true);
  expect(error.message).toBe('The service answered with an error (401).');
});

it('says the request failed when the answer cannot be read', async () => {
  const error = await failureOf(
    () => Promise.resolve(new Response('<!doctype html><title>Login</title>')),
    () => {
      throw new Error('not a report');
    },
  );
  expect(error).toMatchObject({ kind: 'invalid-response', status: undefined });
  expect(error.message).toBe('The request failed. Try again.');
});

it('keeps a stop by the person as one, not to be retried', async () => {
  const error = await stoppedWaitingError();
  expect(error).toMatchObject({ kind: 'timeout', stoppedByUser: true, isTransient: false });
  expect(error.message).toBe('The request failed. Try again.');
});
