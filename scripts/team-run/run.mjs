/**
 * `npm run test:team`: a team of simulated analysts on two sync server instances that share
 * their documents through Redis and keep them in PostgreSQL, the set-up of docs/team-server.md.
 * Not part of CI: it needs PostgreSQL and Redis (from Debian's packages, installed when missing
 * and run as root) and takes TEAM_SECONDS.
 *
 *   npm run test:team                       # 20 analysts for 60 s
 *   TEAM_SECONDS=15 TEAM_ANALYSTS=8 npm run test:team
 *
 * Every analyst writes entries (with the moment they were made) into one shared map and now and
 * then renames the shared title, all in one workspace. At the end every analyst must hold the
 * same workspace, every entry any analyst made must be in it, and so must the document stored in
 * PostgreSQL once the servers have stopped. It prints how long an entry took to reach the other
 * analysts, and exits 1 on any difference.
 *
 * PostgreSQL and Redis run as this run's own instances, on free ports in a temporary folder that
 * is removed at the end: nothing of the machine's own services is used or changed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import WebSocket from 'ws';
import * as Y from 'yjs';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const TEAM_SECONDS = Number(process.env.TEAM_SECONDS ?? 60);
const TEAM_ANALYSTS = Number(process.env.TEAM_ANALYSTS ?? 20);
const INSTANCES = 2;
const TOKEN = 'team-run-token';
const ACCOUNT = 'https://seo.example|00000000000000000000000000000000';
// Faster than a person, so that a short run still carries many edits across both instances.
const EDIT_EVERY_MS = { min: 200, max: 600 };
const SETTLE_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 30_000;

const { documentNameOf } = await tsImport('../../src/lib/sync-document.ts', import.meta.url);

const children = [];
const workDirectory = mkdtempSync(join(tmpdir(), 'team-run-'));
const isRoot = process.getuid?.() === 0;

function log(line) {
  console.log(`[team-run] ${line}`);
}

function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function until(condition, what, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A child of this run, stopped (by its own id) when the run ends. */
function startChild(label, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (process.env.TEAM_VERBOSE) process.stdout.write(`[${label}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const entry = { label, child, output, exited };
  children.push(entry);
  return entry;
}

async function stopChild(entry, signal = 'SIGTERM') {
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return entry.exited;
  entry.child.kill(signal);
  return entry.exited;
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function installMissingServices() {
  if (findPostgresBin() && hasCommand('redis-server')) return;
  if (!isRoot) {
    throw new Error('PostgreSQL or Redis is missing: run `apt-get install -y postgresql redis-server` as root first.');
  }
  log('installing postgresql and redis-server from Debian');
  for (const args of [['update'], ['install', '-y', 'postgresql', 'redis-server']]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the postgres user, through
 * setpriv, which becomes the command (no process in between to pass signals on).
 */
function asPostgresUser(command, args) {
  return isRoot
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]]
    : [command, args];
}

async function startPostgres() {
  const bin = findPostgresBin();
  const dataDirectory = join(workDirectory, 'postgres');
  const socketDirectory = join(workDirectory, 'postgres-socket');
  mkdirSync(dataDirectory);
  mkdirSync(socketDirectory);
  if (isRoot) {
    const { uid, gid } = userIds('postgres');
    chmodSync(workDirectory, 0o755);
    chownSync(dataDirectory, uid, gid);
    chownSync(socketDirectory, uid, gid);
  }
  const [initCommand, initArgs] = asPostgresUser(join(bin, 'initdb'), [
    '-D',
    dataDirectory,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const [command, args] = asPostgresUser(join(bin, 'postgres'), [
    '-D',
    dataDirectory,
    '-p',
    String(port),
    '-k',
    socketDirectory,
    '-c',
    'listen_addresses=127.0.0.1',
    // A throw-away database: durability is not what this run measures.
    '-c',
    'fsync=off',
  ]);
  const postgres = startChild('postgres', command, args);
  await until(
    () => postgres.output.join('').includes('ready to accept connections') || postgres.child.exitCode !== null,
    'PostgreSQL to start',
  );
  if (postgres.child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${postgres.output.join('')}`);
  return { entry: postgres, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

function userIds(name) {
  const id = (flag) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function startRedis() {
  const port = await freePort();
  const redis = startChild('redis', 'redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    workDirectory,
  ]);
  await until(() => redisAnswers(port), 'Redis to start');
  return { entry: redis, url: `redis://127.0.0.1:${port}` };
}

function redisAnswers(port) {
  return new Promise((done) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('error', () => done(false));
    socket.once('data', (data) => {
      done(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

async function startSyncInstance(index, databaseUrl, redisUrl) {
  const port = await freePort();
  const instance = startChild(
    `sync-${index}`,
    // tsx as a loader in the server's own process: the tsx command sits between the signal and
    // the server, and kills a server that is busy for a moment when the signal comes.
    process.execPath,
    ['--import', 'tsx', 'scripts/sync-server/main.ts'],
    {
      cwd: REPO,
      env: {
        ...process.env,
        SYNC_PORT: String(port),
        SYNC_HOST: '127.0.0.1',
        SYNC_TOKENS: TOKEN,
        SYNC_INSTANCE_NAME: `team-run-${index}`,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
      },
    },
  );
  await until(async () => {
    if (instance.child.exitCode !== null) throw new Error(`sync server ${index} exited:\n${instance.output.join('')}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
    } catch {
      return false;
    }
  }, `sync server ${index}`);
  log(
    instance.output
      .join('')
      .trim()
      .split('\n')
      .find((line) => line.startsWith('sync server')) ?? '',
  );
  return { entry: instance, url: `ws://127.0.0.1:${port}` };
}

/** One analyst: a workspace of their own, kept in step with the team's through one instance. */
function startAnalyst(index, serverUrl, documentName, arrivals) {
  const doc = new Y.Doc();
  const entries = doc.getMap('entries');
  const settings = doc.getMap('settings');
  const socket = new HocuspocusProviderWebsocket({ url: serverUrl, WebSocketPolyfill: WebSocket });
  const problems = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    document: doc,
    token: TOKEN,
    onAuthenticationFailed: ({ reason }) => problems.push(`refused: ${reason}`),
    onClose: ({ event }) => {
      if (event.reason) problems.push(`closed: ${event.code} ${event.reason}`);
    },
  });
  provider.attach();
  const name = `analyst-${String(index).padStart(2, '0')}`;
  const made = [];

  entries.observe((event, transaction) => {
    if (transaction.local) return;
    const now = performance.now();
    for (const key of event.keysChanged) {
      const entry = entries.get(key);
      if (entry && entry.by !== name) arrivals.push(now - entry.at);
    }
  });

  let timer;
  let editing = false;
  const editOnce = () => {
    if (!editing) return;
    const key = `${name}/${made.length}`;
    entries.set(key, { by: name, at: performance.now(), note: `entry ${made.length} of ${name}` });
    made.push(key);
    // Now and then everyone changes the same setting: concurrent writes to one key must settle.
    if (Math.random() < 0.1) settings.set('title', `renamed by ${name} at ${made.length}`);
    timer = setTimeout(editOnce, EDIT_EVERY_MS.min + Math.random() * (EDIT_EVERY_MS.max - EDIT_EVERY_MS.min));
  };

  return {
    name,
    doc,
    provider,
    made,
    problems,
    startEditing() {
      editing = true;
      timer = setTimeout(editOnce, Math.random() * EDIT_EVERY_MS.max);
    },
    stopEditing() {
      editing = false;
      clearTimeout(timer);
    },
    close() {
      provider.destroy();
      socket.destroy();
    },
  };
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** JSON with keys in one order: a Y.Map lists its keys in the order each copy learnt them. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The workspace's two maps, read by name: a Y.Doc lists only the types asked for in this copy. */
const workspaceJson = (doc) =>
  canonicalJson({ entries: doc.getMap('entries').toJSON(), settings: doc.getMap('settings').toJSON() });

const sameBytes = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);

async function run() {
  installMissingServices();
  log(`${TEAM_ANALYSTS} analysts on ${INSTANCES} instances for ${TEAM_SECONDS} s; work folder ${workDirectory}`);
  const postgres = await startPostgres();
  const redis = await startRedis();
  log(`PostgreSQL ${postgres.url}, Redis ${redis.url}`);
  const instances = [];
  for (let i = 0; i < INSTANCES; i += 1) instances.push(await startSyncInstance(i, postgres.url, redis.url));

  const documentName = await documentNameOf(TOKEN, ACCOUNT);
  const arrivals = [];
  const analysts = Array.from({ length: TEAM_ANALYSTS }, (_, i) =>
    startAnalyst(i, instances[i % INSTANCES].url, documentName, arrivals),
  );
  await until(() => analysts.every((analyst) => analyst.provider.isSynced), 'every analyst to join');
  log('every analyst has joined; editing');

  for (const analyst of analysts) analyst.startEditing();
  await sleep(TEAM_SECONDS * 1000);
  for (const analyst of analysts) analyst.stopEditing();

  const failures = [];
  const settleStarted = performance.now();
  try {
    await until(
      () => {
        if (analysts.some((analyst) => analyst.provider.hasUnsyncedChanges)) return false;
        const first = Y.encodeStateVector(analysts[0].doc);
        return analysts.every((analyst) => sameBytes(Y.encodeStateVector(analyst.doc), first));
      },
      'every analyst to hold the same workspace',
      SETTLE_TIMEOUT_MS,
    );
  } catch (error) {
    failures.push(error.message);
  }
  const settleMs = performance.now() - settleStarted;

  const everyEntry = analysts.flatMap((analyst) => analyst.made);
  const reference = workspaceJson(analysts[0].doc);
  for (const analyst of analysts) {
    if (workspaceJson(analyst.doc) !== reference) failures.push(`${analyst.name} holds another workspace`);
    const entries = analyst.doc.getMap('entries');
    const missing = everyEntry.filter((key) => !entries.has(key));
    if (missing.length) failures.push(`${analyst.name} misses ${missing.length} entries, e.g. ${missing[0]}`);
    for (const problem of analyst.problems) failures.push(`${analyst.name}: ${problem}`);
  }

  for (const analyst of analysts) analyst.close();
  // Each instance stores its documents as it stops (SIGTERM), as in a deployment.
  for (const instance of instances) {
    const { code } = await stopChild(instance.entry);
    if (code !== 0) failures.push(`${instance.entry.label} stopped with ${code}:\n${instance.entry.output.join('')}`);
  }

  const database = new pg.Client({ connectionString: postgres.url });
  await database.connect();
  const { rows } = await database.query('SELECT data FROM sync_documents WHERE name = $1', [documentName]);
  await database.end();
  if (rows.length !== 1) {
    failures.push('the workspace is not stored in PostgreSQL');
  } else {
    const stored = new Y.Doc();
    Y.applyUpdate(stored, rows[0].data);
    const missing = everyEntry.filter((key) => !stored.getMap('entries').has(key));
    if (missing.length) failures.push(`the stored workspace misses ${missing.length} entries, e.g. ${missing[0]}`);
    if (workspaceJson(stored) !== reference) failures.push('the stored workspace differs from the analysts’');
  }

  arrivals.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  log(
    `${everyEntry.length} entries made, ${arrivals.length} arrivals at other analysts; ` +
      `edit → other analysts: p50 ${ms(percentile(arrivals, 0.5))}, p95 ${ms(percentile(arrivals, 0.95))}, ` +
      `max ${ms(arrivals.at(-1) ?? NaN)}; all in step ${ms(settleMs)} after the last edit`,
  );
  if (failures.length) {
    for (const failure of failures) log(`FAILED: ${failure}`);
    return 1;
  }
  log('every analyst holds the same workspace, with every entry, and so does PostgreSQL');
  return 0;
}

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  log(`FAILED: ${error.stack ?? error}`);
} finally {
  for (const entry of children.slice().reverse()) {
    // PostgreSQL's fast shutdown; the others stop on SIGTERM.
    await stopChild(entry, entry.label === 'postgres' ? 'SIGINT' : 'SIGTERM');
  }
  rmSync(workDirectory, { recursive: true, force: true });
}
process.exit(exitCode);
