import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import * as Y from 'yjs';
import { connectionIdOf, type KeyedConnection } from '../../../src/lib/connection-key';
import { createWorkspaceStore } from '../../../src/features/workspace/store';
import { WORKSPACE_KEY } from '../../../src/features/workspace/old-record';
import { registersOf } from '../../../src/features/workspace/registers';

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

/** A register as a peer could write it, whatever its edits hold. */
const register = (edits: object[]) => Y.Array.from(edits) as unknown as Y.Array<unknown>;

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
      const registers = registersOf(doc);
      registers.set('not json', new Y.Array());
      registers.set(JSON.stringify(['note', 'n']), register([{ at: 'soon', by: 1, value: { id: 'n' } }]));
      registers.set(JSON.stringify(['watch', 'p']), register([{ at: 1, by: 1, value: { target: 'high' } }]));
      registers.set(JSON.stringify(['branding']), register([{ at: 1, by: 1, value: 'x'.repeat(100_000) }]));
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
