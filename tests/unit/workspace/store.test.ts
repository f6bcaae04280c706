import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { connectionIdOf, type KeyedConnection } from '../../../src/lib/connection-key';
import { createWorkspaceStore, WORKSPACE_KEY } from '../../../src/features/workspace/store';

// Two stores over one IndexedDB (fake-indexeddb) stand in for two tabs of one browser; each test
// is a browser of its own: its own database and its own channel for change notices.

let browsers = 0;
const A: KeyedConnection = { mode: 'service', baseUrl: 'http://a.test', apiKey: 'key-a' };
const B: KeyedConnection = { mode: 'service', baseUrl: 'http://a.test', apiKey: 'key-b' };

function newBrowser() {
  browsers += 1;
  const listeners = new Set<() => void>();
  const browser = {
    store: createStore(`workspace-test-${browsers}`, 'records'),
    channelName: `workspace-test-${browsers}`,
    connection: A,
    /** Every tab of the browser follows the connection (as tab-sync makes them). */
    setConnection(next: KeyedConnection) {
      browser.connection = next;
      listeners.forEach((listener) => listener());
    },
  };
  const tab = () =>
    createWorkspaceStore({
      store: browser.store,
      channelName: browser.channelName,
      connection: () => browser.connection,
      subscribeToConnection: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
  return { browser, tab };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('the workspace kept on this device', () => {
  it('survives a reload and follows the other tabs', async () => {
    const { tab } = newBrowser();
    const first = tab();
    const second = tab();
    await Promise.all([first.ready, second.ready]);
    expect(first.read()).toMatchObject({ loaded: true, workspace: { projects: [], notes: [] } });

    await first.change((draft) => void draft.marks.seen.push('item-1'));
    await until(() => second.read().workspace.marks.seen.includes('item-1'));

    // Two tabs change it at once: neither change is lost.
    await Promise.all([
      first.change((draft) => void draft.marks.seen.push('from-first')),
      second.change((draft) => void draft.marks.seen.push('from-second')),
    ]);
    const reloaded = tab();
    await reloaded.ready;
    expect(reloaded.read().workspace.marks.seen).toEqual(
      expect.arrayContaining(['item-1', 'from-first', 'from-second']),
    );
  });

  it('empties itself when the connection changes, in every tab and on the device', async () => {
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
    await until(() => true);
    const stored = (await get<{ connection: string; marks: { seen: string[] } }>(WORKSPACE_KEY, browser.store))!;
    expect(stored.connection).toBe(await connectionIdOf(B));
    expect(stored.marks.seen).toEqual([]);
  });

  it("never shows another account's workspace found on the device, and deletes it", async () => {
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
      browser.store,
    );
    const store = tab();
    await store.ready;
    expect(store.read().workspace.marks.seen).toEqual([]);
    await until(() => true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stored = await get<{ connection: string }>(WORKSPACE_KEY, browser.store);
    expect(stored?.connection).toBe(await connectionIdOf(A));
  });

  it('reads hostile stored data safely', async () => {
    const { browser, tab } = newBrowser();
    await set(
      WORKSPACE_KEY,
      { version: 1, connection: await connectionIdOf(A), projects: 'lots', notes: [{}], marks: 5 },
      browser.store,
    );
    const store = tab();
    await store.ready;
    expect(store.read()).toMatchObject({ loaded: true, workspace: { projects: [], notes: [], marks: { seen: [] } } });
  });

  it('still works, in this tab only, where IndexedDB is missing', async () => {
    const store = createWorkspaceStore({
      store: null,
      connection: () => A,
      subscribeToConnection: () => () => undefined,
    });
    await store.ready;
    await store.change((draft) => void draft.marks.seen.push('kept-in-memory'));
    expect(store.read().workspace.marks.seen).toEqual(['kept-in-memory']);
  });
});
