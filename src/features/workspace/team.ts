import { useSyncExternalStore } from 'react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import * as v from 'valibot';
import { documentNameOf } from '../../lib/sync-document';
import { readOr } from '../../lib/schema';
import type { DeviceDoc } from './device-doc';
import { workspaceStore, type WorkspaceStore } from './store';

/**
 * The team: the account's workspace shared through the team's sync server (Hocuspocus, decision
 * 100), optionally. The address and the token are kept on this device beside the account's
 * document (never shared, never in the document); every open tab joins with them. The server
 * sees the document's name (a hash of the token and the account's id: the base URL and a hash of
 * the key) and the workspace, never the API key. The provider's code loads only once a team is
 * set. Without a server, or offline, the workspace works the same on this device and what was
 * changed meanwhile merges when the server is reached again (Yjs).
 */

export type TeamStatus =
  | { kind: 'alone' }
  | { kind: 'connecting'; address: string }
  | { kind: 'joined'; address: string }
  | { kind: 'offline'; address: string }
  | { kind: 'refused'; address: string }
  /** This page cannot join at all (no Web Crypto on a plain-HTTP page, the code did not load). */
  | { kind: 'failed'; address: string; problem: string };

export interface TeamSettings {
  /** The server's WebSocket address (ws:// or wss://). */
  address: string;
  token: string;
}

const TEAM_KEY = 'team';
const TOKEN_MAX = 500;
const TeamSettingsSchema = v.nullable(
  v.object({
    address: v.pipe(v.string(), v.maxLength(2_000)),
    token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(TOKEN_MAX)),
  }),
);

/**
 * The sync server's address as typed: ws(s):// as is, http(s):// as its WebSocket twin. Returns
 * a problem in words for anything else.
 */
export function syncAddressOf(typed: string): { ok: true; address: string } | { ok: false; problem: string } {
  const text = typed.trim();
  if (text === '') return { ok: false, problem: 'Enter the sync server’s address.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'Enter an address such as wss://sync.example.com.' };
  }
  const protocol = { 'ws:': 'ws:', 'wss:': 'wss:', 'http:': 'ws:', 'https:': 'wss:' }[url.protocol];
  if (!protocol) return { ok: false, problem: 'The address must start with wss://, ws://, https:// or http://.' };
  if (url.username || url.password) return { ok: false, problem: 'Leave the name and password out of the address.' };
  url.protocol = protocol;
  url.hash = '';
  return { ok: true, address: url.toString().replace(/\/$/, '') };
}

export function tokenProblem(token: string): string | null {
  if (token.trim() === '') return 'Enter the team token.';
  if (token.length > TOKEN_MAX) return `A team token has at most ${TOKEN_MAX} characters.`;
  return null;
}

export interface TeamSync {
  status(): TeamStatus;
  settings(): TeamSettings | null;
  subscribe(listener: () => void): () => void;
  /** Keeps the team on this device for the current account and joins it (every open tab does). */
  join(settings: TeamSettings): Promise<void>;
  leave(): Promise<void>;
  close(): void;
}

interface Connected {
  doc: DeviceDoc;
  provider: HocuspocusProvider | null;
}

export function createTeamSync(store: WorkspaceStore = workspaceStore()): TeamSync {
  const listeners = new Set<() => void>();
  let status: TeamStatus = { kind: 'alone' };
  let settings: TeamSettings | null = null;
  let connected: Connected | null = null;
  let stopLocal: (() => void) | null = null;
  /** The account document whose team this tab follows. */
  let followed: DeviceDoc | null = null;
  let attempt = 0;

  const set = (next: TeamStatus) => {
    status = next;
    listeners.forEach((listener) => listener());
  };

  const disconnect = () => {
    connected?.provider?.destroy();
    connected = null;
  };

  /** Reads the account's team from the device and (re)joins it. */
  const follow = async () => {
    const current = store.current();
    const turn = ++attempt;
    if (!current) {
      disconnect();
      set({ kind: 'alone' });
      return;
    }
    const kept = readOr(TeamSettingsSchema, await current.doc.readLocal(TEAM_KEY), null);
    if (turn !== attempt) return;
    disconnect();
    settings = kept;
    if (!kept) {
      set({ kind: 'alone' });
      return;
    }
    const { address, token } = kept;
    set({ kind: 'connecting', address });
    connected = { doc: current.doc, provider: null };
    let loaded: [typeof import('@hocuspocus/provider'), string];
    try {
      loaded = await Promise.all([import('@hocuspocus/provider'), documentNameOf(token, current.id)]);
    } catch (error) {
      if (turn === attempt)
        set({ kind: 'failed', address, problem: error instanceof Error ? error.message : String(error) });
      return;
    }
    const [{ HocuspocusProvider }, name] = loaded;
    if (turn !== attempt) return;
    connected.provider = new HocuspocusProvider({
      url: address,
      name,
      document: current.doc.doc,
      token,
      onAuthenticationFailed: () => {
        if (turn !== attempt) return;
        set({ kind: 'refused', address });
        disconnect();
      },
      onStatus: ({ status: socket }) => {
        if (turn !== attempt || status.kind === 'refused') return;
        if (socket === 'disconnected') set({ kind: 'offline', address });
      },
      // A change the server will never take (over its size per message, or past its size of a
      // document) would be sent again on every reconnect: stop, and say so.
      onClose: ({ event }) => {
        if (turn !== attempt) return;
        const tooLarge = event.code === 1009 || event.reason === 'document-too-large';
        if (!tooLarge) return;
        set({
          kind: 'failed',
          address,
          problem: 'the workspace is larger than the sync server accepts. It stays on this device.',
        });
        disconnect();
      },
      onSynced: () => {
        if (turn === attempt) set({ kind: 'joined', address });
      },
    });
  };

  /** Another account (or none): its own team, if it has one on this device. */
  const followAccount = () => {
    const doc = store.current()?.doc ?? null;
    if (doc === followed) return;
    followed = doc;
    stopLocal?.();
    stopLocal = doc?.onLocalChange((key) => void (key === TEAM_KEY && follow())) ?? null;
    void follow();
  };
  const stopFollowing = store.subscribe(followAccount);
  void store.ready.then(followAccount);

  return {
    status: () => status,
    settings: () => settings,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async join(next) {
      await store.ready;
      await store.current()?.doc.writeLocal(TEAM_KEY, next);
    },
    async leave() {
      await store.ready;
      await store.current()?.doc.writeLocal(TEAM_KEY, null);
    },
    close() {
      attempt += 1;
      stopFollowing();
      stopLocal?.();
      disconnect();
      listeners.clear();
    },
  };
}

/**
 * Whether account `account` (its id, lib/connection-key.ts) is the one open and has a team on
 * this device, whatever its status (joined, connecting, offline, refused): read from its document,
 * so it is known where no sync of this tab has answered yet.
 */
export async function teamIsSet(account: string, store: WorkspaceStore = workspaceStore()): Promise<boolean> {
  await store.ready;
  const current = store.current();
  if (current?.id !== account) return false;
  return readOr(TeamSettingsSchema, await current.doc.readLocal(TEAM_KEY), null) !== null;
}

let shared: TeamSync | undefined;

/** This tab's team, created on first use. */
export function teamSync(): TeamSync {
  shared ??= createTeamSync();
  return shared;
}

const subscribe = (listener: () => void) => teamSync().subscribe(listener);
const readStatus = () => teamSync().status();

/** The team's status, followed (the shell and the settings page show it). */
export function useTeamStatus(): TeamStatus {
  return useSyncExternalStore(subscribe, readStatus, readStatus);
}
