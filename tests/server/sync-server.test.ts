// @vitest-environment node
/**
 * The team's sync server (scripts/sync-server), started in-process on a free port with a
 * temporary SQLite folder, and spoken to by real Hocuspocus providers over real WebSockets.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { documentNameOf, parseDocumentName, teamOf } from '../../src/lib/sync-document';
import { DOCUMENT_TOO_LARGE } from '../../scripts/sync-server/document-size-limit';
import { REFUSAL, startSyncServer, type StartedSyncServer } from '../../scripts/sync-server/sync-server';
import {
  SYNC_DEFAULTS,
  syncServerOptionsFromEnv,
  type SyncServerOptions,
} from '../../scripts/sync-server/sync-server-options';

const TEAM_A = 'token-of-team-a';
const TEAM_B = 'token-of-team-b';
const ACCOUNT = 'https://seo.example|0123456789abcdef0123456789abcdef';
const WAIT_MS = 5000;

let dataDirectory: string;
let servers: StartedSyncServer[];
let clients: Client[];
let logged: string[];

beforeEach(async () => {
  dataDirectory = await mkdtemp(join(tmpdir(), 'sync-server-test-'));
  servers = [];
  clients = [];
  logged = [];
});

afterEach(async () => {
  for (const client of clients) client.close();
  await Promise.all(servers.map((server) => server.stop()));
  await rm(dataDirectory, { recursive: true, force: true });
});

async function start(options: Partial<SyncServerOptions> = {}): Promise<StartedSyncServer> {
  const server = await startSyncServer({
    ...SYNC_DEFAULTS,
    port: 0,
    tokens: [TEAM_A, TEAM_B],
    dataDirectory,
    log: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
    ...options,
  });
  servers.push(server);
  return server;
}

interface Client {
  doc: Y.Doc;
  entries: Y.Map<string>;
  provider: HocuspocusProvider;
  /** Reasons the server gave for refusing to open the document. */
  refusals: string[];
  /** Close codes of the socket, and reasons the server gave for closing the document. */
  closes: { code: number; reason: string }[];
  close(): void;
}

function connect(server: StartedSyncServer, documentName: string, token: string): Client {
  const socket = new HocuspocusProviderWebsocket({ url: server.url, WebSocketPolyfill: WebSocket, maxAttempts: 3 });
  const doc = new Y.Doc();
  const refusals: string[] = [];
  const closes: Client['closes'] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    document: doc,
    token,
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    onClose: ({ event }) => closes.push({ code: event.code, reason: event.reason }),
  });
  // A provider given its socket waits to be attached (Hocuspocus 3).
  provider.attach();
  const client: Client = {
    doc,
    entries: doc.getMap('entries'),
    provider,
    refusals,
    closes,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
  clients.push(client);
  return client;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const synced = (client: Client) => until(() => client.provider.isSynced, 'the first sync');
/** The server has every change the client made (it acknowledged them). */
const delivered = (client: Client) =>
  until(() => client.provider.isSynced && !client.provider.hasUnsyncedChanges, 'the server to take every change');

/**
 * Hocuspocus logs to console.error when it closes a connection for a refused change; those
 * lines are expected here, and any other is still a failure.
 */
function expectConsoleErrors(expected: RegExp): () => void {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(expected);
  };
}

describe('document names', () => {
  it('files a document under the first 32 hex characters of the SHA-256 of the token', async () => {
    const expected = createHash('sha256').update(`seo-dashboard-team:${TEAM_A}`).digest('hex').slice(0, 32);
    expect(await teamOf(TEAM_A)).toBe(expected);
    expect(await documentNameOf(TEAM_A, ACCOUNT)).toBe(`${expected}/${ACCOUNT}`);
    expect(parseDocumentName(`${expected}/${ACCOUNT}`)).toEqual({ team: expected, accountId: ACCOUNT });
  });

  it('refuses account ids no server accepts', async () => {
    await expect(documentNameOf(TEAM_A, '')).rejects.toThrow(RangeError);
    await expect(documentNameOf(TEAM_A, 'x'.repeat(301))).rejects.toThrow(RangeError);
    expect(parseDocumentName(`${await teamOf(TEAM_A)}/${'x'.repeat(301)}`)).toBeNull();
    expect(parseDocumentName(`not-a-team/${ACCOUNT}`)).toBeNull();
  });
});

describe('settings', () => {
  it('reads tokens comma-separated, trimmed, without empty entries, and the stated defaults', () => {
    const options = syncServerOptionsFromEnv({ SYNC_TOKENS: ' one, ,two ,,one' });
    expect(options.tokens).toEqual(['one', 'two']);
    expect(options).toMatchObject({ port: 1234, host: '127.0.0.1', dataDirectory: './.sync-data' });
    expect(options.maxMessageBytes).toBe(2 * 1024 * 1024);
    expect(options.maxDocumentBytes).toBe(16 * 1024 * 1024);
    expect(() => syncServerOptionsFromEnv({ SYNC_MAX_MESSAGE_BYTES: 'lots' })).toThrow(/SYNC_MAX_MESSAGE_BYTES/);
  });

  it('refuses to start with no tokens', async () => {
    await expect(start({ tokens: [] })).rejects.toThrow(/SYNC_TOKENS/);
    expect(servers).toEqual([]);
  });

  it('refuses Redis without PostgreSQL: instances sharing documents must share their storage', async () => {
    await expect(start({ redisUrl: 'redis://127.0.0.1:6379' })).rejects.toThrow(/DATABASE_URL/);
  });

  it('says at start where it listens, its storage, Redis, how many tokens and the limits, never a token', async () => {
    const server = await start();
    expect(logged).toEqual([server.startupLine]);
    expect(server.startupLine).toContain(`ws://127.0.0.1:${server.port}`);
    expect(server.startupLine).toContain(join(dataDirectory, 'documents.sqlite'));
    expect(server.startupLine).toMatch(/Redis: off/);
    expect(server.startupLine).toMatch(/tokens: 2\b/);
    expect(server.startupLine).toMatch(/2 MiB a message, 16 MiB a document/);
    expect(server.startupLine).not.toContain(TEAM_A);
  });

  it('answers a plain GET, on any path a proxy gives it, for scripts that wait for it', async () => {
    const server = await start();
    for (const path of ['/health', '/sync/health', '/']) {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/health`, { method: 'POST' })).status).toBe(405);
  });
});

describe('a team', () => {
  it('shares one workspace: two clients with the same token see each other’s changes', async () => {
    const server = await start();
    const name = await documentNameOf(TEAM_A, ACCOUNT);
    const first = connect(server, name, TEAM_A);
    const second = connect(server, name, TEAM_A);
    await Promise.all([synced(first), synced(second)]);

    first.entries.set('from-first', 'a saved view');
    second.entries.set('from-second', 'a note');

    await until(() => second.entries.get('from-first') === 'a saved view', 'the first client’s change');
    await until(() => first.entries.get('from-second') === 'a note', 'the second client’s change');
  });

  it('refuses a token it does not know', async () => {
    const server = await start();
    const stranger = connect(server, await documentNameOf('a guess', ACCOUNT), 'a guess');
    await until(() => stranger.refusals.length > 0, 'the refusal');
    expect(stranger.refusals).toEqual([REFUSAL.unknownToken]);
    expect(stranger.provider.isSynced).toBe(false);
  });

  it('refuses a known token asking for another team’s document', async () => {
    const server = await start();
    const teamB = connect(server, await documentNameOf(TEAM_B, ACCOUNT), TEAM_B);
    await synced(teamB);
    teamB.entries.set('secret', 'team B’s plan');
    await delivered(teamB);

    const intruder = connect(server, await documentNameOf(TEAM_B, ACCOUNT), TEAM_A);
    await until(() => intruder.refusals.length > 0, 'the refusal');
    expect(intruder.refusals).toEqual([REFUSAL.otherTeam]);
    expect(intruder.entries.get('secret')).toBeUndefined();
  });

  it('keeps two teams on one server apart, for the same account', async () => {
    const server = await start();
    const nameA = await documentNameOf(TEAM_A, ACCOUNT);
    const nameB = await documentNameOf(TEAM_B, ACCOUNT);
    const a = connect(server, nameA, TEAM_A);
    const b = connect(server, nameB, TEAM_B);
    await Promise.all([synced(a), synced(b)]);
    a.entries.set('from-a', 'team A’s view');
    b.entries.set('from-b', 'team B’s view');
    await Promise.all([delivered(a), delivered(b)]);

    // Clients that join now get all the server holds for their team, and only that.
    const laterA = connect(server, nameA, TEAM_A);
    const laterB = connect(server, nameB, TEAM_B);
    await Promise.all([synced(laterA), synced(laterB)]);
    expect([...laterA.entries.keys()]).toEqual(['from-a']);
    expect([...laterB.entries.keys()]).toEqual(['from-b']);
  });

  it('keeps what was stored across a restart (SQLite)', async () => {
    const name = await documentNameOf(TEAM_A, ACCOUNT);
    const before = await start();
    const writer = connect(before, name, TEAM_A);
    await synced(writer);
    writer.entries.set('target', 'rank in the top 3');
    await delivered(writer);
    writer.close();
    await before.stop();

    const after = await start();
    const reader = connect(after, name, TEAM_A);
    await synced(reader);
    expect(reader.entries.get('target')).toBe('rank in the top 3');
  });
});

describe('limits', () => {
  it('drops a message over the message limit, and goes on serving the others', async () => {
    const checkErrors = expectConsoleErrors(/Max payload size exceeded|Error emitted from webSocket instance/);
    const server = await start({ maxMessageBytes: 64 * 1024 });
    const name = await documentNameOf(TEAM_A, ACCOUNT);
    const sender = connect(server, name, TEAM_A);
    const reader = connect(server, name, TEAM_A);
    const other = connect(server, name, TEAM_A);
    await Promise.all([synced(sender), synced(reader), synced(other)]);

    sender.entries.set('huge', 'x'.repeat(100 * 1024));
    await until(() => sender.closes.some(({ code }) => code === 1009), 'the socket closed as too big');
    other.entries.set('small', 'fits');
    await until(() => reader.entries.get('small') === 'fits', 'the small change');
    expect(reader.entries.has('huge')).toBe(false);
    checkErrors();
  });

  it('refuses a change that would take a document over the document limit', async () => {
    const checkErrors = expectConsoleErrors(/closing connection|document-too-large/);
    const server = await start({ maxMessageBytes: 64 * 1024, maxDocumentBytes: 40 * 1024 });
    const name = await documentNameOf(TEAM_A, ACCOUNT);
    const writer = connect(server, name, TEAM_A);
    const reader = connect(server, name, TEAM_A);
    await Promise.all([synced(writer), synced(reader)]);

    writer.entries.set('first', 'x'.repeat(15 * 1024));
    await until(() => reader.entries.has('first'), 'the first change');
    writer.entries.set('second', 'y'.repeat(15 * 1024));
    await until(() => reader.entries.has('second'), 'the second change');
    writer.entries.set('third', 'z'.repeat(15 * 1024));
    await until(() => writer.closes.some(({ reason }) => reason === DOCUMENT_TOO_LARGE), 'the refusal');

    const later = connect(server, name, TEAM_A);
    await synced(later);
    expect([...later.entries.keys()].sort()).toEqual(['first', 'second']);
    expect(logged.some((line) => line.includes('would pass'))).toBe(true);
    checkErrors();
  });
});
