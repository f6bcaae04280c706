import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, del, get } from 'idb-keyval';
import {
  checkSinceLastVisit,
  dismissRemoval,
  forgetCheckInThisPage,
  judgeSinceLastVisit,
  MARKER_KEY,
  readMarkers,
  recordKept,
  type KeptMarker,
  type KeptNow,
  type MarkersFound,
} from '../../../src/features/device-storage/marker';
import type { KeptCounts } from '../../../src/features/device-storage/storage-kinds';

/** Armed, the page is left as soon as IndexedDB's marker is written: no localStorage write after it. */
const pageLeft = vi.hoisted(() => ({ armed: false, gone: false }));
vi.mock('idb-keyval', async (importOriginal) => {
  const idb = await importOriginal<typeof import('idb-keyval')>();
  return {
    ...idb,
    set: async (...args: Parameters<typeof idb.set>) => {
      await idb.set(...args);
      if (pageLeft.armed) pageLeft.gone = true;
    },
  };
});

const LASTING = ['workspace', 'audits', 'earlier'];
const marker = (counts: KeptCounts, more: Partial<KeptMarker> = {}): KeptMarker => ({
  connection: 'demo',
  at: '2026-11-20T10:00:00.000Z',
  counts,
  wroteBoth: true,
  ...more,
});
const found = (
  local: KeptMarker | null,
  device: KeptMarker | null,
  more: Partial<MarkersFound> = {},
): MarkersFound => ({
  local,
  device,
  localReadable: true,
  deviceReadable: true,
  ...more,
});

describe('whether the browser removed what was kept since the last visit', () => {
  const before = marker({ audits: 3, earlier: 5, jobs: 1 });

  it('says so when the marker counted lasting entries and the stores hold none, naming what was kept', () => {
    expect(judgeSinceLastVisit(found(before, before), { audits: 0, earlier: 0, jobs: 0 }, 'demo', LASTING)).toEqual({
      what: 'stores',
      since: before.at,
      counts: { audits: 3, earlier: 5 },
    });
  });

  it('says nothing when something lasting is still there, when only jobs went, or on a first visit', () => {
    expect(judgeSinceLastVisit(found(before, before), { audits: 1, earlier: 0 }, 'demo', LASTING)).toBeNull();
    const jobsOnly = marker({ jobs: 4 });
    expect(judgeSinceLastVisit(found(jobsOnly, jobsOnly), { jobs: 0 }, 'demo', LASTING)).toBeNull();
    expect(judgeSinceLastVisit(found(null, null), {}, 'demo', LASTING)).toBeNull();
    const nothingKept = marker({ audits: 0 });
    expect(judgeSinceLastVisit(found(nothingKept, nothingKept), { audits: 0 }, 'demo', LASTING)).toBeNull();
  });

  it('says nothing under another connection: its stores are another account’s', () => {
    expect(
      judgeSinceLastVisit(found(before, before), { audits: 0 }, 'https://seo.example.com|abc', LASTING),
    ).toBeNull();
  });

  it('says so when IndexedDB’s marker is gone and localStorage’s, written with it, remains', () => {
    expect(judgeSinceLastVisit(found(before, null), { audits: 0 }, 'demo', LASTING)).toEqual({
      what: 'indexeddb',
      since: before.at,
      counts: { audits: 3, earlier: 5 },
    });
    // Not when IndexedDB could not be written then, or cannot be read now.
    const still = { audits: 3, earlier: 5 };
    expect(judgeSinceLastVisit(found({ ...before, wroteBoth: false }, null), still, 'demo', LASTING)).toBeNull();
    expect(judgeSinceLastVisit(found(before, null, { deviceReadable: false }), still, 'demo', LASTING)).toBeNull();
  });

  it('says so when localStorage’s marker is gone and IndexedDB’s remains', () => {
    expect(judgeSinceLastVisit(found(null, before), { audits: 3, earlier: 5 }, 'demo', LASTING)).toEqual({
      what: 'localstorage',
      since: before.at,
      counts: { audits: 3, earlier: 5 },
    });
    const still = { audits: 3, earlier: 5 };
    expect(judgeSinceLastVisit(found(null, { ...before, wroteBoth: false }), still, 'demo', LASTING)).toBeNull();
    expect(judgeSinceLastVisit(found(null, before, { localReadable: false }), still, 'demo', LASTING)).toBeNull();
  });

  it('keeps saying what it found until it is dismissed', () => {
    const removed = { what: 'stores' as const, since: before.at, counts: { audits: 3 } };
    const after = marker({ audits: 2 }, { removed });
    expect(judgeSinceLastVisit(found(after, after), { audits: 2 }, 'demo', LASTING)).toEqual(removed);
  });
});

describe('the marker across visits', () => {
  let counts: KeptCounts;
  let connection: string;
  const now: KeptNow = { counts: async () => counts, connection: async () => connection, lasting: LASTING };
  const markerStore = () => createStore('seo-dashboard-kept-marker', 'marker');

  /** A reload: the page's check has not run, the device keeps what it has. */
  const reload = () => forgetCheckInThisPage();

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    reload();
    counts = { audits: 0, earlier: 0 };
    connection = 'demo';
  });

  it('writes both markers on a first visit, and finds the stores emptied on the next', async () => {
    counts = { audits: 2, earlier: 1 };
    expect(await checkSinceLastVisit(now)).toBeNull();
    const { local, device } = await readMarkers();
    expect(local).toMatchObject({ connection: 'demo', counts: { audits: 2, earlier: 1 }, wroteBoth: true });
    expect(device).toMatchObject({ connection: 'demo', counts: { audits: 2, earlier: 1 }, wroteBoth: true });

    reload();
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'stores', counts: { audits: 2, earlier: 1 } });
    // Once per page: a second caller waits for the same check.
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'stores' });
  });

  it('does not take the dashboard’s own deletions for the browser’s: the marker follows the stores', async () => {
    counts = { audits: 2, earlier: 0 };
    await checkSinceLastVisit(now);
    counts = { audits: 0, earlier: 0 }; // the analyst removed them (retention rules, a project deleted)
    await recordKept(now);
    reload();
    expect(await checkSinceLastVisit(now)).toBeNull();
  });

  it('records something kept after a first visit with nothing, so that its removal is seen', async () => {
    expect(await checkSinceLastVisit(now)).toBeNull();
    counts = { audits: 1, earlier: 0 };
    await recordKept(now);
    reload();
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'stores', counts: { audits: 1 } });
  });

  it('says nothing removed when the last visit was left between its two writes of the marker', async () => {
    // The page was left (a click on a link) as soon as IndexedDB's marker was written: no write to
    // localStorage came after it. Seen in e2e as a false "the browser removed the settings" on the
    // next page, when IndexedDB's was written first.
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key !== MARKER_KEY || !pageLeft.gone) setItem.call(this, key, value);
    });
    pageLeft.armed = true;
    counts = { audits: 1, earlier: 0 };
    await checkSinceLastVisit(now);
    vi.mocked(Storage.prototype.setItem).mockRestore();
    Object.assign(pageLeft, { armed: false, gone: false });
    reload();
    expect(await checkSinceLastVisit(now)).toBeNull();
  });

  it('finds IndexedDB removed while localStorage stayed, and the other way round', async () => {
    counts = { audits: 1, earlier: 0 };
    await checkSinceLastVisit(now);
    globalThis.indexedDB = new IDBFactory(); // the browser removed IndexedDB, stores and marker
    reload();
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'indexeddb', counts: { audits: 1 } });

    await dismissRemoval();
    reload();
    counts = { audits: 1, earlier: 0 };
    expect(await checkSinceLastVisit(now)).toBeNull();
    localStorage.clear(); // the browser removed localStorage
    reload();
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'localstorage' });
  });

  it('keeps the notice across reloads until dismissed, then drops it from both markers', async () => {
    counts = { audits: 4, earlier: 0 };
    await checkSinceLastVisit(now);
    reload();
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).not.toBeNull();
    reload();
    expect(await checkSinceLastVisit(now)).toMatchObject({ what: 'stores', counts: { audits: 4 } });
    await dismissRemoval();
    expect(JSON.parse(localStorage.getItem(MARKER_KEY) ?? '{}')).not.toHaveProperty('removed');
    expect(await get(MARKER_KEY, markerStore())).not.toHaveProperty('removed');
    reload();
    expect(await checkSinceLastVisit(now)).toBeNull();
  });

  it('follows a dismissal in another tab when it next records', async () => {
    counts = { audits: 4, earlier: 0 };
    await checkSinceLastVisit(now);
    reload();
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).not.toBeNull();
    // Another tab dismissed it: its marker has no removal any more.
    const { removed: _removed, ...dismissed } = JSON.parse(localStorage.getItem(MARKER_KEY) ?? '{}') as KeptMarker;
    localStorage.setItem(MARKER_KEY, JSON.stringify(dismissed));
    await del(MARKER_KEY, markerStore());
    await recordKept(now);
    reload();
    expect(await checkSinceLastVisit(now)).toBeNull();
  });

  it('says nothing after the connection changed, and reads a hostile marker as none', async () => {
    counts = { audits: 3, earlier: 0 };
    await checkSinceLastVisit(now);
    reload();
    connection = 'https://seo.example.com|0123';
    counts = { audits: 0, earlier: 0 };
    expect(await checkSinceLastVisit(now)).toBeNull();

    localStorage.setItem(MARKER_KEY, JSON.stringify({ connection: 'demo', at: 'yesterday', counts: { audits: -1 } }));
    await del(MARKER_KEY, markerStore());
    reload();
    expect(await checkSinceLastVisit(now)).toBeNull();
  });
});
