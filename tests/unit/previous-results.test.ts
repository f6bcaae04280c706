import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { entries, createStore, set } from 'idb-keyval';
import { ApiError, type Report } from '../../src/api';
import { UnknownOutcomeError } from '../../src/api/write-outcomes';
import type { Connection } from '../../src/features/connection';
import { createPreviousResults } from '../../src/features/kept-results/previous-results';
import { connectionIdOf } from '../../src/lib/connection-key';

const SECRET_KEY = 'sk-very-secret-key-123';
const service: Connection = { mode: 'service', baseUrl: 'https://seo.example.com', apiKey: SECRET_KEY, remember: true };
const otherKey: Connection = { ...service, apiKey: 'another-key' };
const demo: Connection = { mode: 'demo' };

const report = (id: string, score: number): Report => ({
  id,
  url: 'example.com',
  project: 'example.com',
  score,
  rating: null,
  checks: [{ name: 'load_time', passed: false, importance: 'high', value: 2.7, errors: { too_slow: { max: 2 } } }],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-10-01T10:00:00Z',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-01T10:00:00Z',
});

/** How the versions before the one account id filed a result: the base URL as typed and an unsalted SHA-256 of the key. */
async function earlierKeyOf(id: string): Promise<[string, string]> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(SECRET_KEY));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [`https://seo.example.com|${hex.slice(0, 32)}`, id];
}

async function storedEntries() {
  return entries(createStore('seo-dashboard-previous-results', 'results'));
}

beforeEach(() => {
  // A fresh, empty IndexedDB for each test.
  globalThis.indexedDB = new IDBFactory();
});

describe('results kept on this device, with IndexedDB', () => {
  it('survives a reload: a new store in a new page reads what the last one kept', async () => {
    const before = createPreviousResults();
    expect(await before.keep(service, report('42', 61))).toBeNull();
    const afterReload = createPreviousResults();
    const kept = await afterReload.read(service, '42');
    expect(kept?.report).toEqual(report('42', 61));
    expect(Date.parse(kept?.keptAt ?? '')).not.toBeNaN();
    expect(await afterReload.read(service, '43')).toBeNull();
  });

  it('keys entries by base URL and a hash of the key, never the key itself', async () => {
    await createPreviousResults().keep(service, report('42', 61));
    const stored = await storedEntries();
    expect(stored).toHaveLength(1);
    const [key] = stored[0]!;
    expect(key).toEqual([expect.stringMatching(/^https:\/\/seo\.example\.com\|[0-9a-f]{32}$/), '42']);
    expect(JSON.stringify(stored)).not.toContain(SECRET_KEY);
    // Another key on the same service is another account: it sees nothing.
    expect(await createPreviousResults().read(otherKey, '42')).toBeNull();
  });

  it('forgets every other connection’s results when asked, and before its first read in a page', async () => {
    const first = createPreviousResults();
    await first.keep(service, report('1', 10));
    await first.keep(otherKey, report('2', 20));
    await first.keep(demo, report('3', 30));
    expect(await storedEntries()).toHaveLength(3);

    await first.forgetOtherConnections(demo);
    expect((await storedEntries()).map(([key]) => key)).toEqual([['demo', '3']]);
    expect(await first.read(service, '1')).toBeNull();

    await first.keep(service, report('1', 10));
    // A page that starts with another connection deletes it before reading anything.
    expect(await createPreviousResults().read(otherKey, '9')).toBeNull();
    expect(await storedEntries()).toEqual([]);
  });

  it('files what an earlier version kept under the one account id, once, and finds it there', async () => {
    const earlierKey = await earlierKeyOf('42');
    const kept = { report: report('42', 61), keptAt: '2026-11-01T10:00:00.000Z' };
    await set(earlierKey, kept, createStore('seo-dashboard-previous-results', 'results'));

    expect(await createPreviousResults().read(service, '42')).toEqual(kept);
    const stored = await storedEntries();
    expect(stored.map(([key]) => key)).toEqual([[await connectionIdOf(service), '42']]);
    expect(await createPreviousResults().read(service, '42')).toEqual(kept);
  });

  it('a move that fails keeps what the earlier version kept, and the next page moves it', async () => {
    const earlierKey = await earlierKeyOf('42');
    const kept = { report: report('42', 61), keptAt: '2026-11-01T10:00:00.000Z' };
    await set(earlierKey, kept, createStore('seo-dashboard-previous-results', 'results'));
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      expect(await createPreviousResults().read(service, '42')).toBeNull();
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect((await storedEntries()).map(([key]) => key)).toEqual([earlierKey]);
    expect(await createPreviousResults().read(service, '42')).toEqual(kept);
    expect((await storedEntries()).map(([key]) => key)).toEqual([[await connectionIdOf(service), '42']]);
  });

  it('where both ids hold a result of one report, the later kept stays', async () => {
    const results = createStore('seo-dashboard-previous-results', 'results');
    const later = { report: report('42', 70), keptAt: '2026-11-20T10:00:00.000Z' };
    const earlier = { report: report('43', 50), keptAt: '2026-11-01T10:00:00.000Z' };
    // A tab of the earlier version kept 42 after this version had; 43 the other way round.
    await set(await earlierKeyOf('42'), later, results);
    await set([await connectionIdOf(service), '42'], { ...later, keptAt: '2026-11-02T10:00:00.000Z' }, results);
    await set(await earlierKeyOf('43'), earlier, results);
    await set([await connectionIdOf(service), '43'], { ...earlier, keptAt: '2026-11-03T10:00:00.000Z' }, results);
    const store = createPreviousResults();
    expect((await store.read(service, '42'))?.keptAt).toBe('2026-11-20T10:00:00.000Z');
    expect((await store.read(service, '43'))?.keptAt).toBe('2026-11-03T10:00:00.000Z');
    expect(await storedEntries()).toHaveLength(2);
  });

  it('puts back what was kept before when a re-analysis is refused', async () => {
    const store = createPreviousResults();
    await store.keep(service, report('42', 50));
    const older = await store.keep(service, report('42', 61));
    expect(older?.report.score).toBe(50);
    await store.restore(service, '42', older);
    expect((await createPreviousResults().read(service, '42'))?.report.score).toBe(50);
    await store.restore(service, '42', null);
    expect(await createPreviousResults().read(service, '42')).toBeNull();
  });

  it('tells subscribers which report changed', async () => {
    const store = createPreviousResults();
    const changed: string[] = [];
    const stop = store.subscribe((id) => changed.push(id));
    await store.keep(service, report('42', 50));
    stop();
    await store.keep(service, report('43', 50));
    expect(changed).toEqual(['42']);
  });

  it('ignores what it cannot read as a kept result', async () => {
    const store = createPreviousResults();
    await store.keep(service, report('42', 50));
    const [[key]] = (await storedEntries()) as [[IDBValidKey, unknown]];
    await set(key, { report: 'garbage' }, createStore('seo-dashboard-previous-results', 'results'));
    expect(await createPreviousResults().read(service, '42')).toBeNull();
  });
});

describe('results kept on this device, without IndexedDB (private windows)', () => {
  it('keeps them in the page’s memory: they work until the page goes', async () => {
    // @ts-expect-error -- a browser without IndexedDB
    delete globalThis.indexedDB;
    const store = createPreviousResults();
    await store.keep(service, report('42', 61));
    expect((await store.read(service, '42'))?.report.score).toBe(61);
    expect(await createPreviousResults().read(service, '42')).toBeNull();
  });

  it('falls back to memory when IndexedDB is there but refuses', async () => {
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = createPreviousResults();
    await store.keep(service, report('42', 61));
    expect((await store.read(service, '42'))?.report.score).toBe(61);
    await store.forgetOtherConnections(demo);
    expect(await store.read(service, '42')).toBeNull();
  });
});

describe('kept while a re-analysis runs (a report page’s, a job’s)', () => {
  const refused = () => new ApiError('http', 'The service answered with an error (500).', { status: 500 });

  it('keeps the report before the re-analysis is sent, and keeps it when the re-analysis happened', async () => {
    const store = createPreviousResults();
    await store.keep(service, report('42', 40));
    const analysed = await store.keepWhile(service, report('42', 61), async () => {
      // Kept before anything was sent.
      expect((await store.read(service, '42'))?.report).toEqual(report('42', 61));
      return 'analysed';
    });
    expect(analysed).toBe('analysed');
    expect((await createPreviousResults().read(service, '42'))?.report).toEqual(report('42', 61));
  });

  it('puts the older back when the service refused', async () => {
    const store = createPreviousResults();
    await store.keep(service, report('42', 40));
    const older = await store.read(service, '42');
    await expect(store.keepWhile(service, report('42', 61), () => Promise.reject(refused()))).rejects.toThrow();
    expect(await store.read(service, '42')).toEqual(older);
    expect(await createPreviousResults().read(service, '42')).toEqual(older);
  });

  it('keeps it when the re-analysis may have happened: its outcome unknown, or its answer cut by a change of connection', async () => {
    for (const mayHaveHappened of [
      new UnknownOutcomeError('We could not find out', () => Promise.reject(refused()), refused()),
      new DOMException('The connection changed', 'AbortError'),
    ]) {
      const store = createPreviousResults();
      await store.keep(service, report('42', 40));
      await expect(store.keepWhile(service, report('42', 61), () => Promise.reject(mayHaveHappened))).rejects.toBe(
        mayHaveHappened,
      );
      expect((await store.read(service, '42'))?.report).toEqual(report('42', 61));
    }
  });

  it('does not put the older back over what was kept of the report meanwhile', async () => {
    const store = createPreviousResults();
    await store.keep(service, report('42', 40));
    await expect(
      store.keepWhile(service, report('42', 61), async () => {
        // Another re-analysis of the report, in this tab, kept its own meanwhile.
        await store.keep(service, report('42', 70));
        throw refused();
      }),
    ).rejects.toThrow();
    expect((await store.read(service, '42'))?.report).toEqual(report('42', 70));
  });
});
