// @vitest-environment node
import { ApiError, isAbortError, isApiError } from '../../src/api/errors';
import { failureOf as failureFromParts } from '../../src/api/failure-words';
import { buildUrl, request } from '../../src/api/request';
import { stoppedWaitingError } from '../../src/api/waiting';

// What request() says for each failure it builds from an answer: the words load with the first
// failure (src/api/failure-words.ts), so each message here is the lazily built one.

const answering = (response: Response) => ({
  baseUrl: 'https://seo.example',
  apiKey: 'k',
  fetch: () => Promise.resolve(response),
});

async function failureOf(response: Response, parse: (body: unknown) => unknown = (body) => body): Promise<ApiError> {
  const error: unknown = await request(answering(response), { method: 'GET', path: ['reports'], parse }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

it('says an answer that is neither JSON nor a web page is not API data', async () => {
  const error = await failureOf(new Response('OK then', { status: 200 }));
  expect(error).toMatchObject({ kind: 'invalid-response', status: undefined });
  expect(error.message).toBe('The service answered with something that is not API data.');
});

it('says JSON the reader refused has an unexpected shape, and keeps the reader’s error as cause', async () => {
  const refused = new Error('data: expected a list');
  const error = await failureOf(new Response('{"data":"nope"}'), () => {
    throw refused;
  });
  expect(error).toMatchObject({ kind: 'invalid-response' });
  expect(error.message).toBe('The service answered with data of an unexpected shape.');
  expect(error.cause).toBe(refused);
});

it('reads a blank answer as null, and a reader that refuses null gets the unexpected-shape words', async () => {
  const seen: unknown[] = [];
  const error = await failureOf(new Response('  ', { status: 200 }), (body) => {
    seen.push(body);
    throw new Error('no body');
  });
  expect(seen).toEqual([null]);
  expect(error.message).toMatch(/unexpected shape/);
});

it('words an error status by its number when the body is JSON of another shape (a proxy’s)', async () => {
  const error = await failureOf(new Response('{"error":{"code":503}}', { status: 503 }));
  expect(error).toMatchObject({ kind: 'http', status: 503, fieldErrors: {}, retryAfterSeconds: undefined });
  expect(error.message).toBe('The service had a problem (503). Please try again.');
});

it('reads a Retry-After in the past as no wait, and an unreadable one as none given', async () => {
  const past = new Date(Date.now() - 60_000).toUTCString();
  const tooMany = (retryAfter: string) =>
    new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'Retry-After': retryAfter } });
  expect((await failureOf(tooMany(past))).retryAfterSeconds).toBe(0);
  expect((await failureOf(tooMany('soon'))).retryAfterSeconds).toBeUndefined();
});

it('tells a web page from other text by its first character, spaces before it allowed', async () => {
  expect((await failureOf(new Response('\n  <!doctype html><title>Login</title>'))).message).toBe(
    'The service answered with a web page instead of API data. Check the API base URL.',
  );
  expect((await failureOf(new Response('Error: see <a href="/help">help</a>'))).message).toBe(
    'The service answered with something that is not API data.',
  );
});

it('reads a negative Retry-After, or a zero written as a decimal, as no wait', async () => {
  const tooMany = (retryAfter: string) =>
    new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'Retry-After': retryAfter } });
  expect((await failureOf(tooMany('-5'))).retryAfterSeconds).toBe(0);
  expect((await failureOf(tooMany('0.0'))).retryAfterSeconds).toBe(0);
});

it('says a lost connection in its own words, and an answer that never came by its status', async () => {
  const lost = await request(
    { baseUrl: 'https://seo.example', apiKey: 'k', fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
    { method: 'GET', path: ['reports'], parse: (body) => body },
  ).then(
    () => undefined,
    (thrown: unknown) => thrown as ApiError,
  );
  expect(lost).toMatchObject({
    kind: 'network',
    message:
      'Could not reach the service. Check your connection, the API base URL, and that the service allows requests from this dashboard (CORS).',
  });
  // The key already refused: failed here with the words of the service's 401, nothing sent.
  expect(failureFromParts('http', { status: 401 }).message).toBe('The service rejected the API key.');
  // An answer with no text at all reads as blank, not as something else.
  expect(failureFromParts('invalid-response', {}).message).toBe(
    'The service answered with data of an unexpected shape.',
  );
});

it('says how long it waited when the person stopped waiting, and marks it not to be retried', async () => {
  const error = await stoppedWaitingError();
  expect(error).toMatchObject({ kind: 'timeout', stoppedByUser: true, isTransient: false });
  expect(error.message).toBe('You stopped waiting: the service had not answered for more than 15 seconds.');
});

describe('ApiError', () => {
  const http = (status: number) => new ApiError('http', 'x', { status });

  it('names the answers a page treats apart: 401, 404 and 422, only for an http failure', () => {
    expect(
      [401, 404, 422, 500].map((status) => [
        http(status).isUnauthorized,
        http(status).isNotFound,
        http(status).isValidation,
      ]),
    ).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
      [false, false, false],
    ]);
    const network = new ApiError('network', 'x', { status: 401 });
    expect([network.isUnauthorized, network.isNotFound, network.isValidation]).toEqual([false, false, false]);
    expect(new ApiError('network', 'x', { status: 404 }).isNotFound).toBe(false);
    expect(new ApiError('timeout', 'x', { status: 422 }).isValidation).toBe(false);
  });

  it('is worth another try for a read after a lost connection, a timeout, a 429 or a 5xx, not after a 4xx', () => {
    expect(new ApiError('network', 'x').isTransient).toBe(true);
    expect(new ApiError('timeout', 'x').isTransient).toBe(true);
    expect([429, 500, 503, 499, 404].map((status) => http(status).isTransient)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(new ApiError('http', 'x').isTransient).toBe(false);
    expect(new ApiError('invalid-response', 'x', { status: 500 }).isTransient).toBe(false);
    expect(new ApiError('unknown-outcome', 'x').isTransient).toBe(false);
  });

  it('keeps its details, with empty field errors and no cause when none are given', () => {
    const cause = new Error('lost');
    const error = new ApiError('http', 'Too many', {
      status: 429,
      retryAfterSeconds: 7,
      fieldErrors: { url: ['bad'] },
      cause,
    });
    expect(error).toMatchObject({
      name: 'ApiError',
      message: 'Too many',
      kind: 'http',
      status: 429,
      retryAfterSeconds: 7,
      stoppedByUser: false,
    });
    expect(error.fieldErrors).toEqual({ url: ['bad'] });
    expect(error.cause).toBe(cause);
    const bare = new ApiError('network', 'x');
    expect(bare.fieldErrors).toEqual({});
    expect('cause' in bare).toBe(false);
    expect(isApiError(bare)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('tells a cancellation (AbortError) from other errors', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('late', 'TimeoutError'))).toBe(false);
    expect(isAbortError(Object.assign(new Error('stop'), { name: 'AbortError' }))).toBe(false);
  });
});

describe('one request', () => {
  afterEach(() => vi.useRealTimers());

  it('joins the base URL and the path with one slash, however many the base ends with', () => {
    expect(buildUrl('https://seo.example/base//', ['reports', 7])).toBe('https://seo.example/base/api/v1/reports/7');
  });

  it('sends nothing usable for a caller that has already cancelled: the fetch is aborted with its reason', async () => {
    const controller = new AbortController();
    const reason = new DOMException('Stopped.', 'AbortError');
    controller.abort(reason);
    const honouringAbort: typeof fetch = (_input, init) =>
      init?.signal?.aborted ? Promise.reject(init.signal.reason as Error) : Promise.resolve(new Response('{}'));
    const outcome = await request(
      { baseUrl: 'https://seo.example', apiKey: 'k', fetch: honouringAbort },
      { method: 'GET', path: ['reports'], parse: (body) => body, signal: controller.signal },
    ).then(
      () => 'answered',
      (thrown: unknown) => thrown,
    );
    expect(outcome).toBe(reason);
  });

  it('a cancellation while waiting is the caller’s AbortError, not a failure of the service', async () => {
    const controller = new AbortController();
    const reason = new DOMException('Stopped.', 'AbortError');
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    const pending = request(
      { baseUrl: 'https://seo.example', apiKey: 'k', fetch: hanging },
      { method: 'GET', path: ['reports'], parse: (body) => body, signal: controller.signal },
    ).then(
      () => 'answered',
      (thrown: unknown) => thrown,
    );
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it('once answered, leaves no timer running and nothing listening on the caller’s signal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const listening = new Set<unknown>();
    const { signal } = controller;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    vi.spyOn(signal, 'addEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') listening.add(listener);
      add(type, listener, options);
    });
    vi.spyOn(signal, 'removeEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') listening.delete(listener);
      remove(type, listener, options);
    });
    await request(answering(new Response('{"ok":true}')), {
      method: 'GET',
      path: ['reports'],
      parse: (body) => body,
      signal,
    });
    expect(listening.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
