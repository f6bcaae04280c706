import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import * as Y from 'yjs';
import { connectionIdOf, type KeyedConnection } from '../../../src/lib/connection-key';
import { createWorkspaceStore } from '../../../src/features/workspace/store';
import type { DeviceDoc } from '../../../src/features/workspace/device-doc';
import {
  moveOldRecord,
  moveOldSavedViews,
  SAVED_VIEWS_KEY,
  WORKSPACE_KEY,
} from '../../../src/features/workspace/old-record';
import { workspaceFrom } from '../../../src/features/workspace/pieces';
import { appendEdits, registersOf } from '../../../src/features/workspace/registers';
import { viewEntriesOf, writeViewEntries } from '../../../src/features/workspace/views';

// Two stores with one device name stand in for two tabs of one browser (fake-indexeddb is the
// browser's IndexedDB); each test is a browser of its own: its own documents and old record.

let browsers = 0;
const A: KeyedConnection = { mode: 'service', baseUrl: 'http://a.test', apiKey: 'key-a' };
const B: KeyedConnection = { mode: 'service', baseUrl: 'http://a.test', apiKey: 'key-b' };

function newBrowser() {
  browsers += 1;
  const listeners = new Set<() => void>();
  const browser = {
    deviceName: `workspace-test-${browsers}`,
    oldRecords: createStore(`workspace-old-${browsers}`, 'records'),
    connection: A,
    /** Every tab of the browser follows the connection (as tab-sync makes them). */
    setConnection(next: KeyedConnection) {
      browser.connection = next;
      listeners.forEach((listener) => listener());
    },
  };
  const tab = () =>
    createWorkspaceStore({
      deviceName: browser.deviceName,
      oldRecords: browser.oldRecords,
      connection: () => browser.connection,
      subscribeToConnection: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
  return { browser, tab };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

const databaseNames = async () => (await indexedDB.databases()).map(({ name }) => name);

describe('the workspace kept on this device', () => {
  it('survives a reload and follows the other tabs; changes made at once in two tabs are both kept', async () => {
    const { tab } = newBrowser();
    const first = tab();
    const second = tab();
    await Promise.all([first.ready, second.ready]);
    expect(first.read()).toMatchObject({ loaded: true, workspace: { projects: [], notes: [] } });

    await first.change((draft) => void draft.marks.seen.push('item-1'));
    await until(() => second.read().workspace.marks.seen.includes('item-1'));

    await Promise.all([
      first.change((draft) => void draft.marks.seen.push('from-first')),
      second.change((draft) => void draft.marks.seen.push('from-second')),
    ]);
    first.close();
    second.close();
    const reloaded = tab();
    await reloaded.ready;
    expect(reloaded.read().workspace.marks.seen).toEqual(
      expect.arrayContaining(['item-1', 'from-first', 'from-second']),
    );
    reloaded.close();
  });

  it('a change that depends on what another tab just did sees it (one tab at a time)', async () => {
    const { tab } = newBrowser();
    const [first, second] = [tab(), tab()];
    await Promise.all([first.ready, second.ready]);
    const claims = await Promise.all(
      [first, second].map((store) =>
        store.change((draft) => {
          if (draft.marks.lastLookedAt) return false;
          draft.marks.lastLookedAt = new Date().toISOString();
          return true;
        }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    first.close();
    second.close();
  });

  it('shows the new account at once when the connection changes, and deletes the old one from the device', async () => {
    const { browser, tab } = newBrowser();
    const first = tab();
    const second = tab();
    await Promise.all([first.ready, second.ready]);
    await first.change((draft) => void draft.marks.seen.push('of-account-a'));
    await until(() => second.read().workspace.marks.seen.length === 1);

    browser.setConnection(B);
    // At once: nothing of the old account shows while the new id is worked out.
    expect(first.read().loaded).toBe(false);
    await until(() => first.read().loaded && second.read().loaded);
    expect(first.read().workspace.marks.seen).toEqual([]);
    expect(second.read().workspace.marks.seen).toEqual([]);
    const oldName = `${browser.deviceName}:${await connectionIdOf(A)}`;
    await vi.waitFor(async () => expect(await databaseNames()).not.toContain(oldName), { timeout: 4_000 });
    first.close();
    second.close();
  });

  it('shows the same account again when its key is saved anew', async () => {
    const { browser, tab } = newBrowser();
    const store = tab();
    await store.ready;
    await store.change((draft) => void draft.marks.seen.push('still-here'));
    browser.setConnection({ ...A });
    await until(() => store.read().loaded);
    expect(store.read().workspace.marks.seen).toEqual(['still-here']);
    store.close();
  });

  it("moves the old versions' record once, reads it back, then removes it", async () => {
    const { browser, tab } = newBrowser();
    const old = {
      version: 1,
      connection: await connectionIdOf(A),
      projects: [
        {
          project: 'docs.example',
          watch: { target: 80, newHighFailures: false, dropPoints: 5 },
          plan: null,
          segments: [{ id: 's1', name: 'Blog', pattern: '/blog/' }],
        },
      ],
      marks: { lastLookedAt: '2026-11-01T10:00:00.000Z', seen: ['x'] },
      notes: [{ id: 'n1', date: '2026-11-02', text: 'Site moved', project: null }],
      branding: null,
    };
    await set(WORKSPACE_KEY, old, browser.oldRecords);
    const store = tab();
    await store.ready;
    expect(store.moved()).toEqual({ kind: 'moved', pieces: 5 });
    expect(store.read().workspace).toMatchObject({
      projects: [old.projects[0]],
      marks: old.marks,
      notes: old.notes,
    });
    expect(await get(WORKSPACE_KEY, browser.oldRecords)).toBeUndefined();
    store.close();

    const again = tab();
    await again.ready;
    expect(again.moved()).toEqual({ kind: 'nothing-to-move' });
    expect(again.read().workspace.notes).toEqual(old.notes);
    again.close();
  });

  it('moves the earlier saved views (one list in localStorage) in once, and leaves an unreadable list where it is', async () => {
    const { tab } = newBrowser();
    const views = [
      { id: 'a', name: 'Bad', href: '/reports?result=bad' },
      { id: 'b', name: 'Gone', href: '/nowhere' },
    ];
    localStorage.setItem('seo-dashboard:saved-views', JSON.stringify(views));
    const store = tab();
    await store.ready;
    expect(store.moved()).toEqual({ kind: 'moved', pieces: 2 });
    expect(store.readViews()).toEqual(views);
    expect(localStorage.getItem('seo-dashboard:saved-views')).toBeNull();
    store.close();

    localStorage.setItem('seo-dashboard:saved-views', '{not json');
    const again = tab();
    await again.ready;
    expect(again.moved()).toMatchObject({ kind: 'failed' });
    expect(again.readViews()).toEqual(views);
    expect(localStorage.getItem('seo-dashboard:saved-views')).toBe('{not json');
    again.close();
    localStorage.clear();
  });

  it("never shows another account's old record, and removes it", async () => {
    const { browser, tab } = newBrowser();
    await set(
      WORKSPACE_KEY,
      {
        version: 1,
        connection: 'http://other.test|123',
        projects: [],
        marks: { lastLookedAt: null, seen: ['theirs'] },
        notes: [],
      },
      browser.oldRecords,
    );
    const store = tab();
    await store.ready;
    expect(store.read().workspace.marks.seen).toEqual([]);
    expect(await get(WORKSPACE_KEY, browser.oldRecords)).toBeUndefined();
    store.close();
  });

  it('reads hostile data in the document safely, piece by piece', async () => {
    const { browser, tab } = newBrowser();
    const store = tab();
    await store.ready;
    await store.change((draft) => void draft.marks.seen.push('good'));
    // What a broken or hostile peer could put in the shared document.
    const doc = store.current()!.doc.doc;
    doc.transact(() => {
      registersOf(doc).push([
        'not an edit',
        { key: 7, at: 1, by: 1, value: 'a key that is no string' },
        { key: JSON.stringify(['note', 'n']), at: 'soon', by: 1, value: { id: 'n' } },
        { key: JSON.stringify(['watch', 'p']), at: 1, by: 1, value: { target: 'high' } },
        { key: JSON.stringify(['branding']), at: 1, by: 1, value: 'x'.repeat(100_000) },
      ]);
    });
    await until(() => store.read().workspace.projects.length === 1);
    expect(store.read().workspace).toMatchObject({
      marks: { seen: ['good'] },
      notes: [],
      projects: [{ project: 'p', watch: { target: null } }],
      branding: null,
    });
    expect(browser).toBeDefined();
    store.close();
  });

  it('still works, in this tab only, where IndexedDB is missing', async () => {
    const indexedDb = globalThis.indexedDB;
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      const store = createWorkspaceStore({
        deviceName: 'no-idb',
        oldRecords: null,
        connection: () => A,
        subscribeToConnection: () => () => undefined,
      });
      await store.ready;
      await store.change((draft) => void draft.marks.seen.push('kept-in-memory'));
      expect(store.read().workspace.marks.seen).toEqual(['kept-in-memory']);
      expect(store.current()!.doc.kept()).toBe(false);
      store.close();
    } finally {
      globalThis.indexedDB = indexedDb;
    }
  });
});

/** A device's document; `readBack` gives what the device kept of it (a copy; null: it keeps nothing). */
function deviceDoc(readBack: (doc: Y.Doc) => Y.Doc | null = copyOf) {
  const doc = new Y.Doc();
  const device = { doc, exclusive: async (change: () => unknown) => change(), readBack: async () => readBack(doc) };
  return device as unknown as DeviceDoc;
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** The old versions' localStorage, holding `text` under the saved views' key. */
function oldStorage(text: string) {
  const items = new Map([[SAVED_VIEWS_KEY, text]]);
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
  };
  return { storage: storage as unknown as Storage, kept: () => items.get(SAVED_VIEWS_KEY) };
}

const oldRecord = (connection: string) => ({
  version: 1,
  connection,
  projects: [{ project: 'p.example', watch: { target: 80, newHighFailures: true, dropPoints: 10 }, plan: null }],
  marks: { lastLookedAt: null, seen: [] },
  notes: [{ id: 'n1', date: '2026-11-02', text: 'Site moved', project: null }],
  branding: null,
});

const view = (id: string) => ({ id, name: id.toUpperCase(), href: '/reports' });

describe('the move from the old shapes', () => {
  it("moves the record from the browser's own database by default; where IndexedDB is missing, there is none", async () => {
    await set(WORKSPACE_KEY, oldRecord('acct'), createStore('seo-dashboard-shared', 'records'));
    const doc = deviceDoc();
    expect(await moveOldRecord(doc, 'acct')).toEqual({ kind: 'moved', pieces: 2 });
    expect(workspaceFrom(registersOf(doc.doc), 'acct').notes).toEqual(oldRecord('acct').notes);
    expect(await get(WORKSPACE_KEY, createStore('seo-dashboard-shared', 'records'))).toBeUndefined();

    const indexedDb = globalThis.indexedDB;
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      expect(await moveOldRecord(deviceDoc(), 'acct')).toEqual({ kind: 'nothing-to-move' });
    } finally {
      globalThis.indexedDB = indexedDb;
    }
  });

  it('a piece already in the document (moved by another tab, then changed) stays as it is', async () => {
    const { browser } = newBrowser();
    await set(WORKSPACE_KEY, oldRecord('acct'), browser.oldRecords);
    const doc = deviceDoc();
    const watch = { target: 90, newHighFailures: true, dropPoints: 10 };
    doc.doc.transact(() => appendEdits(registersOf(doc.doc), [[JSON.stringify(['watch', 'p.example']), watch]], 1_000));
    expect(await moveOldRecord(doc, 'acct', browser.oldRecords)).toEqual({ kind: 'moved', pieces: 1 });
    expect(workspaceFrom(registersOf(doc.doc), 'acct').projects[0]!.watch).toEqual(watch);
  });

  it('a record the device did not keep stays where it was, and the move says so', async () => {
    const { browser } = newBrowser();
    await set(WORKSPACE_KEY, oldRecord('acct'), browser.oldRecords);
    const outcome = await moveOldRecord(
      deviceDoc(() => new Y.Doc()),
      'acct',
      browser.oldRecords,
    );
    expect(outcome).toEqual({ kind: 'failed', problem: '2 of 2 pieces did not read back' });
    expect(await get(WORKSPACE_KEY, browser.oldRecords)).toEqual(oldRecord('acct'));
  });

  it('saved views the device did not keep stay where they were, and the move says so', async () => {
    const { storage, kept } = oldStorage(JSON.stringify([view('a'), view('b')]));
    const outcome = await moveOldSavedViews(
      deviceDoc(() => new Y.Doc()),
      storage,
    );
    expect(outcome).toEqual({ kind: 'failed', problem: '2 of 2 saved views did not read back' });
    expect(kept()).toBe(JSON.stringify([view('a'), view('b')]));
  });

  it('lets the copy read back go, and keeps the document itself open where the device keeps no copy', async () => {
    const copies: Y.Doc[] = [];
    const readBack = (doc: Y.Doc) => copies[copies.push(copyOf(doc)) - 1]!;
    const { browser } = newBrowser();
    await set(WORKSPACE_KEY, oldRecord('acct'), browser.oldRecords);
    await moveOldRecord(deviceDoc(readBack), 'acct', browser.oldRecords);
    await moveOldSavedViews(deviceDoc(readBack), oldStorage(JSON.stringify([view('a')])).storage);
    expect(copies.map((copy) => copy.isDestroyed)).toEqual([true, true]);

    await set(WORKSPACE_KEY, oldRecord('acct'), browser.oldRecords);
    const inMemory = deviceDoc(() => null);
    // What follows the document (the store, the other tabs) still hears of its changes after the move.
    const updates = vi.fn();
    inMemory.doc.on('update', updates);
    expect(await moveOldRecord(inMemory, 'acct', browser.oldRecords)).toMatchObject({ kind: 'moved' });
    expect(await moveOldSavedViews(inMemory, oldStorage(JSON.stringify([view('a')])).storage)).toMatchObject({
      kind: 'moved',
    });
    updates.mockClear();
    inMemory.doc.transact(() => writeViewEntries(registersOf(inMemory.doc), [view('b')], 2_000));
    expect(updates).toHaveBeenCalled();
  });

  it('saved views moved by an earlier try keep their places; one saved since stays after them', async () => {
    const doc = deviceDoc();
    doc.doc.transact(() => writeViewEntries(registersOf(doc.doc), [view('a'), view('b'), view('z')], 1_000));
    const { storage, kept } = oldStorage(JSON.stringify([view('a'), view('b')]));
    // Nothing new to write: the old list goes, and the views already here stay as they are.
    expect(await moveOldSavedViews(doc, storage)).toEqual({ kind: 'moved', pieces: 0 });
    expect(viewEntriesOf(registersOf(doc.doc))).toEqual([view('a'), view('b'), view('z')]);
    expect(kept()).toBeUndefined();
  });

  it('a view edited here since is not checked against its old entry: the move ends instead of failing each start', async () => {
    const doc = deviceDoc();
    const renamed = { ...view('a'), name: 'Renamed here' };
    doc.doc.transact(() => writeViewEntries(registersOf(doc.doc), [renamed], 1_000));
    const { storage, kept } = oldStorage(JSON.stringify([view('a'), view('b')]));
    expect(await moveOldSavedViews(doc, storage)).toEqual({ kind: 'moved', pieces: 1 });
    expect(viewEntriesOf(registersOf(doc.doc))).toEqual([renamed, view('b')]);
    expect(kept()).toBeUndefined();
  });

  it('an old list with a null entry, one that is no view and a repeated id moves what it holds, once', async () => {
    const doc = deviceDoc();
    const again = { ...view('a'), name: 'A again' };
    const { storage, kept } = oldStorage(JSON.stringify([null, view('a'), 7, again, view('b')]));
    expect(await moveOldSavedViews(doc, storage)).toEqual({ kind: 'moved', pieces: 3 });
    // 7 reads as no view: it moves to be listed as broken, as the earlier version listed it.
    expect(viewEntriesOf(registersOf(doc.doc))).toEqual([view('a'), 7, view('b')]);
    expect(kept()).toBeUndefined();
    expect(await moveOldSavedViews(doc, storage)).toEqual({ kind: 'nothing-to-move' });
  });

  it('moved again (two tabs at once, or a retry), entries without an id are not doubled', async () => {
    const doc = deviceDoc();
    const text = JSON.stringify([{ name: 'No id', href: '/reports' }, view('a'), 7]);
    expect(await moveOldSavedViews(doc, oldStorage(text).storage)).toEqual({ kind: 'moved', pieces: 3 });
    expect(await moveOldSavedViews(doc, oldStorage(text).storage)).toEqual({ kind: 'moved', pieces: 0 });
    expect(viewEntriesOf(registersOf(doc.doc))).toEqual([{ name: 'No id', href: '/reports' }, view('a'), 7]);
  });

  it('a device that fails while the views move keeps the old list, and says why', async () => {
    const doc = deviceDoc();
    const failing = {
      ...doc,
      readBack: () => Promise.reject(new Error('The database connection is closing.')),
    };
    const { storage, kept } = oldStorage(JSON.stringify([view('a')]));
    expect(await moveOldSavedViews(failing, storage)).toEqual({
      kind: 'failed',
      problem: 'The database connection is closing.',
    });
    expect(kept()).toBe(JSON.stringify([view('a')]));
  });

  it('an old list that is not a list brings no views; one that is not JSON is said to be unreadable', async () => {
    const doc = deviceDoc();
    expect(await moveOldSavedViews(doc, oldStorage('{"views":[]}').storage)).toEqual({ kind: 'moved', pieces: 0 });
    expect(viewEntriesOf(registersOf(doc.doc))).toEqual([]);
    expect(await moveOldSavedViews(doc, oldStorage('{not json').storage)).toEqual({
      kind: 'failed',
      problem: 'the saved views kept by the earlier version cannot be read',
    });
  });
});
