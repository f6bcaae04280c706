import 'fake-indexeddb/auto';
import * as Y from 'yjs';
import { openDeviceDoc, type DeviceDoc } from '../../../src/features/workspace/device-doc';
import { createWorkspaceStore } from '../../../src/features/workspace/store';
import { appendEdits, readRegisters, registersOf } from '../../../src/features/workspace/registers';

// Every document opened here, the store's included, is watched from its first moment: for each
// transaction that changed it, how many listened to its updates. Yjs encodes a transaction again
// as an update only when someone listens, and reading what the device keeps is one transaction of
// the whole document (a year's workspace: some 100 ms in Chromium, for listeners that ignore it).
const watched = vi.hoisted(() => new Map<string, number[]>());
vi.mock('../../../src/features/workspace/device-doc', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/features/workspace/device-doc')>();
  return {
    ...original,
    openDeviceDoc(name: string) {
      const opened = original.openDeviceDoc(name);
      const listening: number[] = [];
      watched.set(name, listening);
      opened.doc.on('afterTransaction', (transaction: Y.Transaction) => {
        if (transaction.changed.size === 0 && transaction.deleteSet.clients.size === 0) return;
        // Yjs's own test before it encodes (lib0's observers; there is no public count).
        const observers = (opened.doc as unknown as { _observers: Map<string, Set<unknown>> })._observers;
        listening.push(observers.get('update')?.size ?? 0);
      });
      return opened;
    },
  };
});

let documents = 0;
const newName = () => `device-doc-test-${(documents += 1)}`;
const opened: DeviceDoc[] = [];
const open = (name: string) => {
  const doc = openDeviceDoc(name);
  opened.push(doc);
  return doc;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((doc) => doc.close()));
});

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

/** A document this device keeps, with `count` notes in it. */
async function kept(count: number, name = newName()): Promise<string> {
  const writer = open(name);
  await writer.ready;
  writer.doc.transact(() =>
    appendEdits(
      registersOf(writer.doc),
      Array.from({ length: count }, (_, n) => [`["note","${n}"]`, { n }] as const),
      1_000,
    ),
  );
  await writer.close();
  return name;
}

const notesIn = (doc: Y.Doc) => readRegisters(registersOf(doc)).size;

describe("the workspace's document on this device", () => {
  it('reads what the device keeps with nobody listening to updates, then listens', async () => {
    const name = await kept(50);
    const reader = open(name);
    await reader.ready;
    const listening = watched.get(name);
    expect(notesIn(reader.doc)).toBe(50);
    // The read: one transaction, nobody listening.
    expect(listening).toEqual([0]);

    // From then on a change is stored (y-indexeddb's listener) and sent to the tabs (this module's).
    const otherTab = open(name);
    await otherTab.ready;
    reader.doc.transact(() => appendEdits(registersOf(reader.doc), [['["note","new"]', { n: 'new' }]], 2_000));
    expect(listening?.at(-1)).toBe(2);
    await until(() => notesIn(otherTab.doc) === 51);
    const copy = await reader.readBack();
    expect(copy && notesIn(copy)).toBe(51);
    copy?.destroy();
  });

  it('still gets what another tab changed while it was reading', async () => {
    const name = await kept(20);
    const first = open(name);
    await first.ready;
    const second = open(name);
    first.doc.transact(() => appendEdits(registersOf(first.doc), [['["note","during"]', { n: 'during' }]], 2_000));
    await second.ready;
    await until(() => notesIn(second.doc) === 21);
  });

  it('lives in memory, and still reaches the other tabs, where IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const name = newName();
      const first = open(name);
      const second = open(name);
      await Promise.all([first.ready, second.ready]);
      expect(first.kept()).toBe(false);
      first.doc.transact(() => appendEdits(registersOf(first.doc), [['["note","1"]', { n: 1 }]], 2_000));
      await until(() => notesIn(second.doc) === 1);
      expect(await first.readBack()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is opened by the store with nobody listening to the read; the store listens after', async () => {
    const deviceName = newName();
    // The store's name of the demo's document.
    const name = await kept(30, `${deviceName}:demo`);
    watched.delete(name);
    const store = createWorkspaceStore({
      deviceName,
      oldRecords: null,
      oldViews: null,
      connection: () => ({ mode: 'demo' }),
      subscribeToConnection: () => () => undefined,
    });
    try {
      await store.ready;
      expect(notesIn(store.current()!.doc.doc)).toBe(30);
      expect(watched.get(name)).toEqual([0]);
      let told = 0;
      store.subscribe(() => (told += 1));
      await store.change((draft) => void (draft.marks.lastLookedAt = '2025-01-01T00:00:00.000Z'));
      // y-indexeddb's, the tabs', the store's.
      expect(watched.get(name)?.at(-1)).toBe(3);
      expect(told).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});
