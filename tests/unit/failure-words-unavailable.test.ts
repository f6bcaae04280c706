import { request, WORDS_UNAVAILABLE } from '../../src/api/request';

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
