/**
 * The team's sync server: Hocuspocus 3 with the token check, the limits and the storage of this
 * project. `main.ts` starts it from the environment; the tests start it in-process.
 */
import type { ServerResponse } from 'node:http';
import { Server, type Extension } from '@hocuspocus/server';
import { parseDocumentName } from '../../src/lib/sync-document.ts';
import { documentSizeLimit } from './document-size-limit.ts';
import { openPostgresStorage, openSqliteStorage, type DocumentStorage } from './document-storage.ts';
import { connectRedis, describeRedis } from './redis-fan-out.ts';
import {
  freshInstanceName,
  SyncServerConfigError,
  type SyncServerLog,
  type SyncServerOptions,
} from './sync-server-options.ts';
import { teamTokensOf } from './team-tokens.ts';

/** The reasons a provider's `onAuthenticationFailed` receives. */
export const REFUSAL = { unknownToken: 'unknown-token', otherTeam: 'not-this-team' } as const;

export interface StartedSyncServer {
  /** The port it listens on (the one chosen when asked for port 0). */
  port: number;
  /** ws://host:port, the address it listens on. */
  url: string;
  /** The line logged at start: where, which storage, Redis, how many tokens, the limits. */
  startupLine: string;
  /** Stores every open document, closes connections, storage and Redis. Safe to call twice. */
  stop(): Promise<void>;
}

const consoleLog: SyncServerLog = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
};

// An error without a message: Hocuspocus's hook runner logs each one that has a message, and
// the refusal is logged here once, with what an operator needs.
function refusal(reason: string): Error {
  return Object.assign(new Error(), { reason });
}

function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
}

function answerJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

function checkOptions(options: SyncServerOptions) {
  if (options.tokens.length === 0) {
    throw new SyncServerConfigError(
      'No tokens: set SYNC_TOKENS to one or more comma-separated tokens. The server never runs open to anyone.',
    );
  }
  if (options.redisUrl && !options.databaseUrl) {
    throw new SyncServerConfigError(
      'REDIS_URL needs DATABASE_URL: instances that share documents through Redis must share their storage too.',
    );
  }
}

export async function startSyncServer(options: SyncServerOptions): Promise<StartedSyncServer> {
  checkOptions(options);
  const log = options.log ?? consoleLog;
  const teamTokens = await teamTokensOf(options.tokens);
  const instanceName = options.instanceName ?? freshInstanceName();

  const storage: DocumentStorage = options.databaseUrl
    ? await openPostgresStorage(options.databaseUrl, log)
    : await openSqliteStorage(options.dataDirectory);
  const extensions: Extension[] = [storage.extension, documentSizeLimit(options.maxDocumentBytes, log)];
  if (options.redisUrl) {
    try {
      extensions.push(await connectRedis(options.redisUrl, instanceName));
    } catch (error) {
      await storage.close();
      throw error;
    }
  }

  const server = new Server(
    {
      name: instanceName,
      port: options.port,
      address: options.host,
      quiet: true,
      // main.ts stops the server on a signal, and a test process must not exit with it.
      stopOnSignals: false,
      extensions,

      async onAuthenticate({ token, documentName, request }) {
        const team = teamTokens.teamOfToken(token);
        const reason =
          team === undefined
            ? REFUSAL.unknownToken
            : parseDocumentName(documentName)?.team !== team
              ? REFUSAL.otherTeam
              : undefined;
        if (reason) {
          log.warn(`refused ${reason} from ${request.socket.remoteAddress ?? 'an unknown address'}`);
          throw refusal(reason);
        }
        return { team };
      },

      // Any plain GET is a health check, whatever its path: behind a reverse proxy the path is
      // the proxy's (/sync/health), and WebSocket connections ignore it too.
      onRequest({ request, response }) {
        if (request.method === 'GET' || request.method === 'HEAD') {
          answerJson(response, 200, {
            ok: true,
            limits: { maxMessageBytes: options.maxMessageBytes, maxDocumentBytes: options.maxDocumentBytes },
          });
        } else {
          answerJson(response, 405, { ok: false });
        }
        // A rejection without a reason is how a hook tells Hocuspocus the request is answered.
        return Promise.reject();
      },
    },
    { maxPayload: options.maxMessageBytes },
  );

  // Hocuspocus 3's listen() hands the host to Node as `address`, which Node ignores: the server
  // would listen on every interface (ueberdosis/hocuspocus#1120). So it is done here, with
  // `host`, followed by what listen() does after; this goes when a fixed version runs on Node 20.
  try {
    await new Promise<void>((listening, failed) => {
      server.httpServer.once('error', failed);
      server.httpServer.listen({ port: options.port, host: options.host }, listening);
    });
    await server.hocuspocus.hooks('onListen', {
      instance: server.hocuspocus,
      configuration: server.configuration,
      port: server.address.port,
    });
  } catch (error) {
    await server.hocuspocus.hooks('onDestroy', { instance: server.hocuspocus });
    throw error;
  }

  // Where it really listens, as the system reports it.
  const { address, port } = server.address;
  const url = `ws://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const startupLine = [
    `sync server listening on ${url}`,
    `storage: ${storage.description}`,
    `Redis: ${options.redisUrl ? `on (${describeRedis(options.redisUrl)}, instance ${instanceName})` : 'off'}`,
    `tokens: ${teamTokens.count}`,
    `limits: ${megabytes(options.maxMessageBytes)} a message, ${megabytes(options.maxDocumentBytes)} a document`,
  ].join(' · ');
  log.info(startupLine);

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await server.destroy();
    // Hocuspocus closes each document's connection but leaves the sockets open.
    for (const socket of server.webSocketServer.clients) socket.terminate();
  };
  return { port, url, startupLine, stop: () => (stopping ??= stop()) };
}
