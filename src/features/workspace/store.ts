import type { UseStore } from 'idb-keyval';
import { connectionIdOf, type KeyedConnection } from '../../lib/connection-key';
import { sharedRecord, type SharedRecord } from '../../lib/shared-record';
import { getConnection, subscribeConnection } from '../connection';
import { emptyWorkspace, parseWorkspace, type Workspace } from './model';

/**
 * The workspace kept on this device: one shared record (lib/shared-record.ts) that every open tab
 * reads and changes in one IndexedDB transaction, so a change made in one tab shows in the others
 * and two tabs never overwrite each other's change. It belongs to one connection: when the
 * connection changes or its key is forgotten, the record is emptied for the new one (as the
 * audit's data is deleted). Where IndexedDB is missing, the workspace lives in this tab's memory.
 */

export const WORKSPACE_KEY = 'seo-dashboard.workspace';

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
  close(): void;
}

interface StoreOptions {
  /** Tests give each "browser" its own database and channel; undefined: the browser's. */
  store?: UseStore | null;
  channelName?: string;
  connection?: () => KeyedConnection;
  subscribeToConnection?: (listener: () => void) => () => void;
}

/** The record in this tab's memory, where IndexedDB is missing: same contract, no other tab. */
function memoryRecord(): SharedRecord<Workspace> {
  let value = emptyWorkspace();
  return {
    async update(change) {
      const draft = structuredClone(value);
      const result = change(draft);
      value = draft;
      return result;
    },
    read: () => value,
    subscribe: () => () => undefined,
  };
}

const LOADING: WorkspaceView = { loaded: false, workspace: emptyWorkspace() };

export function createWorkspaceStore({
  store,
  channelName,
  connection = getConnection,
  subscribeToConnection = subscribeConnection,
}: StoreOptions = {}): WorkspaceStore {
  const record =
    sharedRecord({
      key: WORKSPACE_KEY,
      parse: parseWorkspace,
      ...(store !== undefined ? { store } : {}),
      ...(channelName !== undefined ? { channelName } : {}),
    }) ?? memoryRecord();
  const listeners = new Set<() => void>();
  let currentId: string | null = null;
  let idPromise: Promise<string> = Promise.resolve('');
  let recordRead = false;
  let view: WorkspaceView = LOADING;
  let viewOf: { value: Workspace; id: string | null; read: boolean } | undefined;

  const emit = () => listeners.forEach((listener) => listener());

  /** Another account's workspace never shows, and is emptied as soon as this tab knows. */
  const keepOnlyCurrent = async (id: string) => {
    await record.ready;
    const stored = record.read().connection;
    if (stored === id || stored === null) return;
    await record
      .update((value) => {
        if (value.connection !== id) Object.assign(value, emptyWorkspace(id));
      })
      .catch(() => undefined);
    emit();
  };

  const follow = () => {
    currentId = null;
    const asked = connectionIdOf(connection());
    idPromise = asked;
    emit();
    void asked.then((id) => {
      if (idPromise !== asked) return;
      currentId = id;
      emit();
      void keepOnlyCurrent(id);
    });
  };
  follow();
  const stopFollowing = subscribeToConnection(follow);
  const stopListening = record.subscribe(emit);
  const ready = Promise.all([record.ready, idPromise]).then(() => {
    recordRead = true;
    emit();
  });

  return {
    read() {
      const value = record.read();
      if (viewOf?.value === value && viewOf.id === currentId && viewOf.read === recordRead) return view;
      viewOf = { value, id: currentId, read: recordRead };
      if (!recordRead || currentId === null) view = LOADING;
      else view = { loaded: true, workspace: value.connection === currentId ? value : emptyWorkspace(currentId) };
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async change(change) {
      const id = await idPromise;
      await record.ready;
      const result = await record.update((value) => {
        if (value.connection !== id) Object.assign(value, emptyWorkspace(id));
        return change(value);
      });
      emit();
      return result;
    },
    ready,
    close() {
      stopFollowing();
      stopListening();
      listeners.clear();
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
