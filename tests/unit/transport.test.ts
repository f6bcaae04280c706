// @vitest-environment node
import { ApiError, isAbortError } from '../../src/api/errors';
import { listReports } from '../../src/api/reports';
import {
  isKeyRejected,
  onTransportChange,
  queuedRequestCount,
  requestLimitPerMinute,
  requestsPausedUntil,
  send,
  setRequestLimit,
  setTransport,
} from '../../src/api/transport';
import { STILL_WAITING_AFTER_MS, stillWaiting, stopWaitingForReads } from '../../src/api/waiting';

/**
 * What the dashboard knows of its session besides the transport: a key the service rejected, the
 * request budget and its pause after a 429, and who is told when any of it changes.
 */
const PAGE = { data: [], meta: { total: 0 } };

/** A transport whose service answers `status` (with `headers`) to everything, counting what it is sent. */
function service(status = 200, headers: Record<string, string> = {}) {
  const sent: string[] = [];
  setTransport({
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: (input) => {
      sent.push(String(input));
      return Promise.resolve(Response.json(status === 200 ? PAGE : { message: 'No.' }, { status, headers }));
    },
  });
  return sent;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

afterEach(() => {
  setRequestLimit(undefined);
  vi.useRealTimers();
});

it('once the service rejects the key, sends nothing more with it, until another transport is set', async () => {
  const heard = vi.fn();
  const leave = onTransportChange(heard);
  const sent = service(401);
  heard.mockClear();
  expect(isKeyRejected()).toBe(false);

  expect(await failure(listReports({}))).toMatchObject({ kind: 'http', status: 401 });
  expect(isKeyRejected()).toBe(true);
  expect(heard).toHaveBeenCalledTimes(1);
  const again = await failure(listReports({}));
  expect(again).toBeInstanceOf(ApiError);
  expect(again).toMatchObject({ kind: 'http', status: 401, message: 'The service rejected the API key.' });
  expect(sent).toHaveLength(1);
  expect(heard).toHaveBeenCalledTimes(1);

  const next = service(200);
  expect(isKeyRejected()).toBe(false);
  expect(heard).toHaveBeenCalledTimes(2);
  await listReports({});
  expect(next).toHaveLength(1);

  leave();
  service(200);
  expect(heard).toHaveBeenCalledTimes(2);
});

it('once the key is rejected, a later call fails at once, and one that waited for its turn is never sent', async () => {
  const sent = service(401);
  setRequestLimit(1);
  const first = failure(listReports({}));
  const waited = failure(listReports({}));
  expect(await first).toMatchObject({ status: 401 });
  expect(queuedRequestCount()).toBe(1);
  // Fails without waiting for the budget: it would never be sent anyway.
  const later = failure(listReports({}));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(queuedRequestCount()).toBe(1);
  setRequestLimit(undefined);
  expect(await later).toMatchObject({ status: 401 });
  expect(await waited).toMatchObject({ status: 401 });
  expect(sent).toHaveLength(1);
});

it('a cancelled request fails at once, even while the connection is still being set up', async () => {
  setTransport(new Promise(() => {}));
  const controller = new AbortController();
  controller.abort(new DOMException('Stopped.', 'AbortError'));
  const outcome = await Promise.race([
    failure(listReports({}, { signal: controller.signal })),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100)),
  ]);
  expect(isAbortError(outcome)).toBe(true);
});

it('a write answered after the connection changed reaches no one: it ends as the change', async () => {
  let answer: (response: Response) => void = () => {};
  setTransport({
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  const write = failure(send({ method: 'POST', path: ['reports'], parse: (body) => body }));
  await vi.waitFor(() => expect(queuedRequestCount()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  service(200);
  answer(Response.json({ message: 'Server Error' }, { status: 500 }));
  const error = await write;
  expect(isAbortError(error)).toBe(true);
  expect(error).toMatchObject({ message: 'The connection changed.' });
});

it('a request answered is not counted as still waiting later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  service(200);
  await listReports({});
  await vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS);
  expect(stillWaiting()).toEqual({ reads: 0, writes: 0, writeLimitMs: 0 });
});

it('a 401 answered to two requests at once is one rejection, told once', async () => {
  const heard = vi.fn();
  const leave = onTransportChange(heard);
  service(401);
  heard.mockClear();
  await Promise.all([failure(listReports({})), failure(listReports({}))]);
  expect(heard).toHaveBeenCalledTimes(1);
  leave();
});

it('sets the budget per minute; none, zero or less lifts it', () => {
  setRequestLimit(30);
  expect(requestLimitPerMinute()).toBe(30);
  for (const none of [undefined, 0, -5]) {
    setRequestLimit(30);
    setRequestLimit(none);
    expect(requestLimitPerMinute()).toBe(Infinity);
  }
});

it('holds a request over the budget until there is room, and counts it as queued', async () => {
  const sent = service(200);
  setRequestLimit(1);
  // The budget of one is spent by the first (or by what this file sent this minute).
  const first = listReports({});
  const second = listReports({});
  await vi.waitFor(() => expect(queuedRequestCount()).toBeGreaterThanOrEqual(1));
  expect(sent.length).toBeLessThanOrEqual(1);
  setRequestLimit(undefined);
  await Promise.all([first, second]);
  expect(queuedRequestCount()).toBe(0);
  expect(sent).toHaveLength(2);
});

it('a request cancelled while it waits for its turn is never sent', async () => {
  const sent = service(200);
  setRequestLimit(1);
  const first = listReports({});
  const controller = new AbortController();
  const waiting = failure(listReports({}, { signal: controller.signal }));
  await vi.waitFor(() => expect(queuedRequestCount()).toBeGreaterThanOrEqual(1));
  controller.abort(new DOMException('Stopped.', 'AbortError'));
  expect(isAbortError(await waiting)).toBe(true);
  setRequestLimit(undefined);
  await first;
  expect(sent).toHaveLength(1);
});

it('stops a read the person no longer waits for, with words that say so; a write goes on', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const answers: ((response: Response) => void)[] = [];
  setTransport({
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: (_input, init) =>
      new Promise<Response>((resolve, reject) => {
        answers.push(resolve);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  });
  const read = failure(listReports({}));
  const write = send({ method: 'POST', path: ['reports'], parse: (body) => body, timeoutMs: 120_000 });
  await vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS);
  stopWaitingForReads();
  expect(await read).toMatchObject({ kind: 'timeout', stoppedByUser: true });
  answers[1]?.(Response.json({ id: 1 }));
  expect(await write).toEqual({ id: 1 });
});

it('a read cancelled by its caller stays the caller’s cancellation, even while waiting is stopped', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setTransport({
    baseUrl: 'https://seo.example',
    apiKey: 'k',
    fetch: (_input, init) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  });
  const controller = new AbortController();
  const read = failure(listReports({}, { signal: controller.signal }));
  await vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS);
  controller.abort(new DOMException('Stopped.', 'AbortError'));
  stopWaitingForReads();
  const error = await read;
  expect(isAbortError(error)).toBe(true);
});

it('where AbortSignal.any is missing, a read of the old connection is still aborted by the change', async () => {
  const any = AbortSignal.any;
  Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true, writable: true });
  try {
    setTransport({
      baseUrl: 'https://seo.example',
      apiKey: 'k',
      fetch: (_input, init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    const read = failure(listReports({}));
    await new Promise((resolve) => setTimeout(resolve, 0));
    service(200);
    expect(isAbortError(await read)).toBe(true);
    // A read nobody cancels is answered.
    expect(await listReports({})).toMatchObject({ total: 0 });
    // A caller's signal already aborted stops a request before it is sent.
    const controller = new AbortController();
    controller.abort(new DOMException('Stopped.', 'AbortError'));
    const sent = service(200);
    expect(isAbortError(await failure(listReports({}, { signal: controller.signal })))).toBe(true);
    expect(sent).toHaveLength(0);
  } finally {
    Object.defineProperty(AbortSignal, 'any', { value: any, configurable: true, writable: true });
  }
});

// Last: the pause it starts holds every later request of this file.
it('pauses every request after a 429 for its Retry-After, and not after another failure', async () => {
  setRequestLimit(60);
  service(500);
  await failure(listReports({}));
  expect(requestsPausedUntil()).toBe(0);
  service(429, { 'Retry-After': '7' });
  const before = Date.now();
  await failure(listReports({}));
  await vi.waitFor(() => expect(requestsPausedUntil()).toBeGreaterThanOrEqual(before + 7_000));
});
