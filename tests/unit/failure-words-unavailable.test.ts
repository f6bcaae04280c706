import { request, WORDS_UNAVAILABLE } from '../../src/api/request';
import { stoppedWaitingError } from '../../src/api/waiting';

// The words of a failure load with the first one: when even they are out of reach (offline, a
// newer deployment), the error still says something and keeps what the app acts on.
vi.mock('../../src/api/failure-words', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const transport = (answer: () => Promise<Response>) => ({
  baseUrl: 'https://seo.example',
  apiKey: 'k',
  fetch: answer,
});

it('keeps the kind and status of a failure whose words could not be loaded', async () => {
  const failed = request(
    transport(() => Promise.resolve(new Response('{"message":"No."}', { status: 401 }))),
    {
      method: 'GET',
      path: ['reports'],
      parse: () => null,
    },
  );
  await expect(failed).rejects.toMatchObject({ kind: 'http', status: 401, message: WORDS_UNAVAILABLE });
});

it('says the words are out of reach when the service cannot be reached either', async () => {
  const failed = request(
    transport(() => Promise.reject(new TypeError('Failed to fetch'))),
    {
      method: 'GET',
      path: ['reports'],
      parse: () => null,
    },
  );
  await expect(failed).rejects.toMatchObject({ kind: 'network', message: WORDS_UNAVAILABLE });
});

it('keeps a 429 as a 429 (its Retry-After is read with the words: the budget then pauses its default time)', async () => {
  const failed = request(
    transport(() =>
      Promise.resolve(
        new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'Retry-After': '7' } }),
      ),
    ),
    { method: 'GET', path: ['reports'], parse: () => null },
  );
  await expect(failed).rejects.toMatchObject({
    kind: 'http',
    status: 429,
    isTransient: true,
    retryAfterSeconds: undefined,
    message: WORDS_UNAVAILABLE,
  });
});

it('keeps an unreadable answer an invalid-response without a status, and the reader’s error as cause', async () => {
  const refused = new Error('expected a list');
  const failed = request(
    transport(() => Promise.resolve(new Response('{"data":"nope"}'))),
    {
      method: 'GET',
      path: ['reports'],
      parse: () => {
        throw refused;
      },
    },
  );
  await expect(failed).rejects.toMatchObject({ kind: 'invalid-response', status: undefined, cause: refused });
});

it('keeps a stop by the person from being retried', async () => {
  await expect(stoppedWaitingError()).resolves.toMatchObject({
    kind: 'timeout',
    stoppedByUser: true,
    isTransient: false,
    message: WORDS_UNAVAILABLE,
  });
});
