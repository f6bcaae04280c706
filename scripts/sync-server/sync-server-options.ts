/**
 * The sync server's settings, and how they are read from the environment (docs/team-server.md).
 * Every default is here, so the docs, the start-up line and the tests agree.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { parseTokenList } from './team-tokens.ts';

const MiB = 1024 * 1024;

export const SYNC_DEFAULTS = {
  port: 1234,
  // Only this machine by default: a reverse proxy on the same host reaches it, nobody else does.
  host: '127.0.0.1',
  dataDirectory: './.sync-data',
  maxMessageBytes: 2 * MiB,
  maxDocumentBytes: 16 * MiB,
} as const;

export interface SyncServerLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface SyncServerOptions {
  /** 0 picks a free port (tests); the chosen one is on the started server. */
  port: number;
  host: string;
  tokens: readonly string[];
  /** Where the SQLite file is kept when there is no `databaseUrl`. */
  dataDirectory: string;
  /** PostgreSQL instead of SQLite. */
  databaseUrl?: string | undefined;
  /** Redis, so that several instances share their documents (needs `databaseUrl`). */
  redisUrl?: string | undefined;
  /** This instance's name among several on one Redis; a fresh one when not given. */
  instanceName?: string | undefined;
  maxMessageBytes: number;
  maxDocumentBytes: number;
  log?: SyncServerLog;
}

/** A setting the server cannot start with; its message is meant for the person starting it. */
export class SyncServerConfigError extends Error {
  override name = 'SyncServerConfigError';
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, allowZero = false): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new SyncServerConfigError(`${name} must be a whole number${allowZero ? '' : ' above 0'}, not "${raw}".`);
  }
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function syncServerOptionsFromEnv(env: NodeJS.ProcessEnv): SyncServerOptions {
  const port = positiveInteger(env, 'SYNC_PORT', SYNC_DEFAULTS.port, true);
  if (port > 65535) throw new SyncServerConfigError(`SYNC_PORT must be a port number, not ${port}.`);
  return {
    port,
    host: optional(env, 'SYNC_HOST') ?? SYNC_DEFAULTS.host,
    tokens: parseTokenList(env.SYNC_TOKENS),
    dataDirectory: optional(env, 'SYNC_DATA') ?? SYNC_DEFAULTS.dataDirectory,
    databaseUrl: optional(env, 'DATABASE_URL'),
    redisUrl: optional(env, 'REDIS_URL'),
    instanceName: optional(env, 'SYNC_INSTANCE_NAME'),
    maxMessageBytes: positiveInteger(env, 'SYNC_MAX_MESSAGE_BYTES', SYNC_DEFAULTS.maxMessageBytes),
    maxDocumentBytes: positiveInteger(env, 'SYNC_MAX_DOCUMENT_BYTES', SYNC_DEFAULTS.maxDocumentBytes),
  };
}

/** Unique among the instances on one Redis, and readable in its logs. */
export function freshInstanceName(): string {
  return `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
}
