/**
 * Where shared documents are kept: an embedded SQLite file by default, PostgreSQL when the
 * server is given a database (and must be, for several instances on one Redis). Each store is
 * open before the server listens, so a bad path or URL stops the start with its own error,
 * and each is closed by Hocuspocus's `onDestroy`, after the last document has been stored.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Database } from '@hocuspocus/extension-database';
import { SQLite, schema, selectQuery, upsertQuery } from '@hocuspocus/extension-sqlite';
import type { Extension } from '@hocuspocus/server';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { Doc, applyUpdate, encodeStateAsUpdate } from 'yjs';
import type { SyncServerLog } from './sync-server-options.ts';

export interface DocumentStorage {
  extension: Extension;
  /** For the start-up line: never a password. */
  description: string;
  /** What `onDestroy` does, for a start that fails before the server exists. */
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'documents.sqlite';

function openSqlite(file: string): Promise<sqlite3.Database> {
  return new Promise((done, fail) => {
    const db = new sqlite3.Database(file, (error) => (error ? fail(error) : done(db)));
  });
}

function runSql(db: sqlite3.Database, sql: string, params: Record<string, unknown> = {}): Promise<void> {
  return new Promise((done, fail) => db.run(sql, params, (error) => (error ? fail(error) : done())));
}

/**
 * The SQLite extension with its schema and queries, opened here rather than in its
 * `onConfigure` (which Hocuspocus does not wait for), and with a store that finishes before
 * Hocuspocus counts the document as stored: the extension's own does not wait for the write,
 * nor ever close the file.
 */
class AwaitedSQLite extends SQLite {
  constructor(private readonly opened: sqlite3.Database) {
    super({
      fetch: ({ documentName }) =>
        new Promise((done, fail) =>
          opened.get<{ data: Uint8Array } | undefined>(selectQuery, { $name: documentName }, (error, row) =>
            error ? fail(error) : done(row?.data ?? null),
          ),
        ),
      store: ({ documentName, state }) => runSql(opened, upsertQuery, { $name: documentName, $data: state }),
    });
    this.db = opened;
  }

  override async onConfigure() {}

  override async onListen() {}

  async onDestroy() {
    await new Promise<void>((done, fail) => this.opened.close((error) => (error ? fail(error) : done())));
  }
}

export async function openSqliteStorage(dataDirectory: string): Promise<DocumentStorage> {
  const directory = resolve(dataDirectory);
  await mkdir(directory, { recursive: true });
  const file = join(directory, SQLITE_FILE_NAME);
  const db = await openSqlite(file);
  await runSql(db, schema);
  const extension = new AwaitedSQLite(db);
  return { extension, description: `SQLite ${file}`, close: () => extension.onDestroy() };
}

const POSTGRES_SCHEMA = `CREATE TABLE IF NOT EXISTS sync_documents (
  name text PRIMARY KEY,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/** Both states in one: a CRDT merge, so nothing either holds is lost. */
function mergedState(stored: Uint8Array, state: Uint8Array): Buffer {
  const merged = new Doc();
  applyUpdate(merged, stored);
  applyUpdate(merged, state);
  const update = Buffer.from(encodeStateAsUpdate(merged));
  merged.destroy();
  return update;
}

/** PostgreSQL through the database extension; the pool closes with the server. */
class PostgresDocuments extends Database {
  constructor(private readonly pool: pg.Pool) {
    super({
      fetch: async ({ documentName }) => {
        const { rows } = await pool.query<{ data: Buffer }>('SELECT data FROM sync_documents WHERE name = $1', [
          documentName,
        ]);
        return rows[0]?.data ?? null;
      },
      // Each instance on a Redis stores its own copy of a document, and the last to store may
      // not yet have received another's latest change: the stored state is merged with the new
      // one, never replaced, so what any instance stored stays stored. The advisory lock makes
      // the stores of one document take turns, across instances, even for its first row.
      store: async ({ documentName, state }) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [documentName]);
          const { rows } = await client.query<{ data: Buffer }>('SELECT data FROM sync_documents WHERE name = $1', [
            documentName,
          ]);
          const stored = rows[0]?.data;
          await client.query(
            `INSERT INTO sync_documents (name, data, updated_at) VALUES ($1, $2, now())
             ON CONFLICT (name) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
            [documentName, stored ? mergedState(stored, state) : state],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    });
  }

  async onDestroy() {
    await this.pool.end();
  }
}

function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export async function openPostgresStorage(databaseUrl: string, log: SyncServerLog): Promise<DocumentStorage> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle connection that drops (a database restart) must not take the server down.
  pool.on('error', (error) => log.warn(`PostgreSQL: ${error.message}`));
  try {
    await pool.query(POSTGRES_SCHEMA);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const extension = new PostgresDocuments(pool);
  return { extension, description: describeDatabase(databaseUrl), close: () => extension.onDestroy() };
}
