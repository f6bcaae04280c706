// @vitest-environment node
import { ApiError } from '../../src/api/errors';
import { checkConnection } from '../../src/api/connection-check';

/** Trying a connection before it is saved: one small list request, with the given URL and key. */
const answering = (body: unknown, seen: { url: string; init?: RequestInit }[]) => ({
  baseUrl: 'https://seo.example/',
  apiKey: 'try-me',
  fetch: (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), init });
    return Promise.resolve(Response.json(body));
  },
});

afterEach(() => vi.useRealTimers());

it('asks for one small page of reports with the given key, and says how many the account holds', async () => {
  const seen: { url: string; init?: RequestInit }[] = [];
  const result = await checkConnection(answering({ data: [], meta: { total: 42 } }, seen));
  expect(result).toEqual({ reportCount: 42 });
  expect(seen.map((request) => request.url)).toEqual(['https://seo.example/api/v1/reports?per_page=10']);
  expect(seen[0]?.init?.method).toBe('GET');
  expect(new Headers(seen[0]?.init?.headers).get('Authorization')).toBe('Bearer try-me');
});

it('refuses an answer that is not a page of reports', async () => {
  const error = await checkConnection(answering({ status: 'ok' }, [])).catch((thrown: unknown) => thrown);
  expect(error).toMatchObject({ kind: 'invalid-response' });
});

it('gives up after 15 seconds without an answer', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const silent = {
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  };
  let outcome: unknown = 'pending';
  void checkConnection(silent).then(
    () => (outcome = 'answered'),
    (error: unknown) => (outcome = error),
  );
  await vi.advanceTimersByTimeAsync(14_999);
  expect(outcome).toBe('pending');
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toBeInstanceOf(ApiError);
  expect(outcome).toMatchObject({ kind: 'timeout', message: 'The service did not answer within 15 seconds.' });
});

it('stops when the person cancels the check', async () => {
  const controller = new AbortController();
  const reason = new DOMException('Stopped.', 'AbortError');
  controller.abort(reason);
  const honouringAbort = {
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.signal?.aborted
        ? Promise.reject(init.signal.reason as Error)
        : Promise.resolve(Response.json({ data: [], meta: { total: 1 } })),
  };
  await expect(checkConnection(honouringAbort, controller.signal)).rejects.toBe(reason);
});
