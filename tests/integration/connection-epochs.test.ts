import { api, isAbortError, setRequestLimit, setTransport, type Transport } from '../../src/api';
import { storeReport, updateReport } from '../../src/api/writes';
import { createSimulator } from '../../src/simulator';

// A connection change (a key saved or forgotten, here or in another tab) ends an epoch: what was
// made under the old connection is never sent with the new one, and never answers into it.

const BASE = 'http://api.test';
const OLD_KEY = 'old-account';
const NEW_KEY = 'new-account';

interface Sent {
  method: string;
  path: string;
  key: string;
  signal: AbortSignal | undefined;
}

/** A transport to the simulator whose requests are recorded with their key; `hold` keeps answers back. */
function connection(key: string, simulator: ReturnType<typeof createSimulator>, sent: Sent[]) {
  let held: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  const transport: Transport = {
    baseUrl: BASE,
    apiKey: key,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        key: new Headers(init?.headers).get('Authorization') ?? '',
        signal: init?.signal ?? undefined,
      });
      const answer = simulator.fetch(input, init);
      // Like the browser's fetch: an abort rejects at once, however long the answer takes.
      const aborted = new Promise<never>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
      await Promise.race([held, aborted]);
      return answer;
    },
  };
  return {
    transport,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

function outcome(promise: Promise<unknown>) {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

let sent: Sent[];
let simulator: ReturnType<typeof createSimulator>;

beforeEach(() => {
  sent = [];
  simulator = createSimulator({ validKeys: [OLD_KEY, NEW_KEY] });
});
afterEach(() => setRequestLimit(undefined));

it('aborts a read of the old connection that is under way, and sends new reads with the new key', async () => {
  const old = connection(OLD_KEY, simulator, sent);
  setTransport(old.transport);
  old.hold();
  const read = outcome(api.reports.show('1'));
  await vi.waitFor(() => expect(sent).toHaveLength(1));

  setTransport(connection(NEW_KEY, simulator, sent).transport);
  expect(sent[0]?.signal?.aborted).toBe(true);
  const result = await read;
  expect(isAbortError((result as { error: unknown }).error)).toBe(true);

  await api.reports.show('1');
  expect(sent.map((request) => request.key)).toEqual([`Bearer ${OLD_KEY}`, `Bearer ${NEW_KEY}`]);
});

it('lets a sent write complete against its own connection, without handing its answer to the new one', async () => {
  const old = connection(OLD_KEY, simulator, sent);
  setTransport(old.transport);
  old.hold();
  const before = simulator.store.reports().length;
  const store = outcome(storeReport({ url: 'https://example.com/sent-before', privacy: 'public' }));
  await vi.waitFor(() => expect(sent).toHaveLength(1));

  setTransport(connection(NEW_KEY, simulator, sent).transport);
  // Not aborted: cancelling a sent write would not undo it, only hide what became of it.
  expect(sent[0]?.signal?.aborted).not.toBe(true);
  old.release();
  const result = await store;
  expect(simulator.store.reports()).toHaveLength(before + 1);
  expect(isAbortError((result as { error: unknown }).error)).toBe(true);
  expect(sent).toHaveLength(1);
});

it('never sends a write that was waiting for its turn under the old connection', async () => {
  setTransport(connection(OLD_KEY, simulator, sent).transport);
  setRequestLimit(1);
  await api.reports.list({});
  // The budget for the minute is spent: the change waits for a slot.
  const update = outcome(updateReport('1', { privacy: 'private' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent).toHaveLength(1);

  setTransport(connection(NEW_KEY, simulator, sent).transport);
  const result = await update;
  expect(isAbortError((result as { error: unknown }).error)).toBe(true);
  setRequestLimit(undefined);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent.map((request) => request.method)).toEqual(['GET']);
  expect(simulator.store.reports().find((report) => report.id === 1)?.privacy).not.toBe(2);
});

it('drops a request made while the old connection was still being set up', async () => {
  let resolveOld: (transport: Transport) => void = () => undefined;
  setTransport(new Promise<Transport>((resolve) => (resolveOld = resolve)));
  const read = outcome(api.reports.list({}));
  setTransport(connection(NEW_KEY, simulator, sent).transport);
  resolveOld(connection(OLD_KEY, simulator, sent).transport);
  const result = await read;
  expect(isAbortError((result as { error: unknown }).error)).toBe(true);
  expect(sent).toEqual([]);
});
