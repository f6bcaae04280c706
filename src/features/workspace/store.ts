import * as Y from 'yjs';
import type { UseStore } from 'idb-keyval';
import { connectionIdOf, type KeyedConnection } from '../../lib/connection-key';
import { getConnection, subscribeConnection } from '../connection';
import { askToKeepStorage, keptChanged } from '../device-storage';
import { openDeviceDoc, type DeviceDoc } from './device-doc';
import { DOC_PREFIX } from './device-names';
import { emptyWorkspace, type Workspace } from './model';
import { moveOldRecord, moveOldReportLanguages, moveOldSavedViews, type MoveOutcome } from './old-record';
import { viewEntriesOf, writeViewEntries } from './views';
import { appendEdits, readRegisters, registersOf, type StoredEdits } from './registers';
import { workspaceFrom, writeChanges } from './pieces';

/**
 * The workspace of the current account: one Yjs document per account (./device-doc.ts), kept on
 * this device, followed by every open tab and, once joined, shared with the team (./team.ts).
 * The screens see the one `Workspace` shape and change it through a draft, as before; the store
 * writes what the draft changed as pieces (./pieces.ts), so two analysts' changes merge piece by
 * piece (decision 104). The device keeps one account's workspace: when the connection changes or
 * its key is forgotten, the other accounts' documents are deleted from the device.
 */

export interface WorkspaceView {
  /** False until this device and the connection's id have answered: nothing to show yet. */
  loaded: boolean;
  workspace: Workspace;
}

export interface WorkspaceStore {
  read(): WorkspaceView;
  subscribe(listener: () => void): () => void;
  /** Changes the current connection's workspace (a draft), for every tab; returns what `change` returns. */
  change<R>(change: (draft: Workspace) => R): Promise<R>;
  /** Settles once the device has been read and the connection's id is known. */
  readonly ready: Promise<void>;
  /** The current account's document, once known (the team's sync joins it). */
  current(): Opened | null;
  /** The saved views' entries as stored (./views.ts); null until the device answered. */
  readViews(): unknown[] | null;
  /** Changes the saved views' entries (the latest, for every tab): `change` returns the new list. */
  changeViews(change: (entries: unknown[]) => unknown[]): Promise<void>;
  /**
   * Sets pieces that live apart from the `Workspace` shape (./results-before.ts): `change` reads
   * the stored edits, as they are when the write comes, and returns what to write (key, value).
   */
  changePieces(change: (stored: StoredEdits) => readonly (readonly [key: string, value: unknown])[]): Promise<void>;
  /** How moving the old versions' record went on this device (null: not tried yet). */
  moved(): MoveOutcome | null;
  close(): void;
}

interface Opened {
  id: string;
  doc: DeviceDoc;
}

interface StoreOptions {
  /** Tests give each "browser" its own documents: a prefix of their names. */
  deviceName?: string;
  /** Where the old versions' record is looked for; tests give each "browser" its own. */
  oldRecords?: UseStore | null;
  /** Where the old versions kept the saved views and report languages (localStorage); null: nowhere. */
  oldViews?: Storage | null;
  connection?: () => KeyedConnection;
  subscribeToConnection?: (listener: () => void) => () => void;
}

/** What the moves of old shapes did, as one outcome: a failure of any is said. */
function allMoves(outcomes: MoveOutcome[]): MoveOutcome {
  const failed = outcomes.flatMap((outcome) => (outcome.kind === 'failed' ? [outcome.problem] : []));
  if (failed.length > 0) return { kind: 'failed', problem: failed.join('; ') };
  const pieces = outcomes.reduce((sum, outcome) => sum + (outcome.kind === 'moved' ? outcome.pieces : 0), 0);
  return outcomes.some((outcome) => outcome.kind === 'moved') ? { kind: 'moved', pieces } : { kind: 'nothing-to-move' };
}

/** The analyst kept something: the browser is asked to keep the storage, the figures follow. */
function afterKeeping(): void {
  void askToKeepStorage();
  keptChanged();
}

const LOADING: WorkspaceView = { loaded: false, workspace: emptyWorkspace() };

/** Deletes the documents this device keeps for other accounts (where the browser can list them). */
async function removeOtherAccounts(deviceName: string, keep: string): Promise<void> {
  const listed = await globalThis.indexedDB?.databases?.().catch(() => []);
  for (const { name } of listed ?? []) {
    if (name?.startsWith(`${deviceName}:`) && name !== keep) indexedDB.deleteDatabase(name);
  }
}

export function createWorkspaceStore({
  deviceName = DOC_PREFIX,
  connection = getConnection,
  subscribeToConnection = subscribeConnection,
  oldRecords,
  oldViews,
}: StoreOptions = {}): WorkspaceStore {
  const listeners = new Set<() => void>();
  /** The account whose document is open, once it was read (and the old record moved into it). */
  let open: Opened | null = null;
  let opening: { id: string; promise: Promise<Opened> } | null = null;
  let asked = '';
  let view: WorkspaceView = LOADING;
  let viewIsCurrent = false;
  let views: unknown[] | null = null;
  let viewsAreCurrent = false;
  let moveOutcome: MoveOutcome | null = null;
  let closed = false;
  let markedRead = false;

  const emit = () => {
    viewIsCurrent = false;
    viewsAreCurrent = false;
    listeners.forEach((listener) => listener());
  };

  const openAccount = (id: string): Promise<Opened> => {
    if (opening?.id === id) {
      // The same account again (its key saved anew): shown again once its id is known.
      const same = opening;
      void same.promise.then((opened) => {
        if (opening === same && open !== opened) {
          open = opened;
          emit();
        }
      });
      return same.promise;
    }
    const previous = opening;
    const turn = { id } as { id: string; promise: Promise<Opened> };
    turn.promise = (async () => {
      if (previous) {
        open = null;
        void previous.promise.then((old) => old.doc.remove());
      }
      const doc = openDeviceDoc(`${deviceName}:${id}`);
      // The old versions' record is looked for (another IndexedDB database) while the document is
      // read; a move writes into the document only once it is read (`exclusive` waits for that).
      // One after another: each waits for its turn to write (`exclusive`) anyway.
      const moves = (async () =>
        allMoves([
          await moveOldRecord(doc, id, oldRecords),
          await moveOldSavedViews(doc, oldViews),
          await moveOldReportLanguages(doc, id, oldViews),
        ]))();
      await doc.ready;
      // Only now: a listener during the read would have Yjs encode the whole document again.
      doc.doc.on('update', emit);
      moveOutcome = await moves;
      const opened = { id, doc };
      if (opening === turn) open = opened;
      emit();
      void removeOtherAccounts(deviceName, `${deviceName}:${id}`);
      return opened;
    })();
    opening = turn;
    return turn.promise;
  };

  const follow = () => {
    asked = connectionIdOf(connection());
    // At once: nothing of the old account shows while the new account's document is read.
    if (open) {
      open = null;
      emit();
    }
    if (!closed) void openAccount(asked);
  };
  follow();
  const stopFollowing = subscribeToConnection(follow);
  const ready = openAccount(asked).then(() => undefined);

  return {
    read() {
      if (viewIsCurrent) return view;
      viewIsCurrent = true;
      view = open ? { loaded: true, workspace: workspaceFrom(registersOf(open.doc.doc), open.id) } : LOADING;
      if (open && !markedRead) {
        markedRead = true;
        // When a page first had the whole workspace, read through its schema: the moment
        // `npm run bench -- --only workspace` measures from the route's code (User Timing).
        globalThis.performance?.mark?.('seo-dashboard:workspace-read');
      }
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async change(change) {
      const { id, doc } = await openAccount(asked);
      const result = await doc.exclusive(() => {
        const registers = registersOf(doc.doc);
        const before = workspaceFrom(registers, id);
        const draft = structuredClone(before);
        const outcome = change(draft);
        doc.doc.transact(() => writeChanges(registers, before, draft, Date.now()));
        return outcome;
      });
      emit();
      afterKeeping();
      return result;
    },
    readViews() {
      if (viewsAreCurrent) return views;
      viewsAreCurrent = true;
      views = open ? viewEntriesOf(registersOf(open.doc.doc)) : null;
      return views;
    },
    async changeViews(change) {
      const { doc } = await openAccount(asked);
      await doc.exclusive(() => {
        const registers = registersOf(doc.doc);
        const next = change(viewEntriesOf(registers));
        doc.doc.transact(() => writeViewEntries(registers, next, Date.now()));
      });
      emit();
      afterKeeping();
    },
    async changePieces(change) {
      const { doc } = await openAccount(asked);
      const written = await doc.exclusive(() => {
        const registers = registersOf(doc.doc);
        const writes = change(readRegisters(registers));
        if (writes.length > 0) doc.doc.transact(() => appendEdits(registers, writes, Date.now()));
        return writes.length;
      });
      if (written === 0) return;
      emit();
      afterKeeping();
    },
    ready,
    current: () => open,
    moved: () => moveOutcome,
    close() {
      closed = true;
      stopFollowing();
      listeners.clear();
      void opening?.promise.then((opened) => opened.doc.close());
      open = null;
      opening = null;
    },
  };
}

let shared: WorkspaceStore | undefined;

/** This tab's workspace, created on first use. */
export function workspaceStore(): WorkspaceStore {
  shared ??= createWorkspaceStore();
  return shared;
}

/** What a page reload forgets (tests): the next use reads the device again. */
export function forgetWorkspaceInMemory(): void {
  shared?.close();
  shared = undefined;
}

/** What the current account's workspace takes on this device: its pieces and its size as stored. */
export async function workspaceFootprint(): Promise<{ entries: number; bytes: number }> {
  const store = workspaceStore();
  await store.ready;
  const open = store.current();
  if (!open) return { entries: 0, bytes: 0 };
  return {
    entries: readRegisters(registersOf(open.doc.doc)).size,
    bytes: Y.encodeStateAsUpdate(open.doc.doc).byteLength,
  };
}
