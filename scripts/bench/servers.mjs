// The bench's own servers, on ports of their own: the simulated service (with latency) and
// nginx serving the bench's build as deployed (8190: the service called cross-origin; 8191:
// with the /api/ reverse proxy, same origin). Each is started here and stopped here, by its
// process group id. BENCH_PORT_OFFSET (or E2E_PORT_OFFSET) moves every port, so that two runs
// on one machine do not collide.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The bench serves its own build (see run.mjs): a plain `npm run build` lets the page call only
 * https: origins, and the simulated service here is plain http on 127.0.0.1.
 */
export const BENCH_DIST_DIR = 'dist-bench';
export const BENCH_DIST = resolve(ROOT, BENCH_DIST_DIR);
const offset = Number(process.env.BENCH_PORT_OFFSET ?? process.env.E2E_PORT_OFFSET ?? 0);
export const PORTS = {
  simulator: 8797 + offset,
  nginx: 8190 + offset,
  nginxProxy: 8191 + offset,
  nginxTls: 8192 + offset,
};
export const SIMULATOR_URL = `http://127.0.0.1:${PORTS.simulator}`;
export const NGINX_URL = `http://127.0.0.1:${PORTS.nginx}`;
export const NGINX_PROXY_URL = `http://127.0.0.1:${PORTS.nginxProxy}`;
/**
 * The proxied server again, over TLS with HTTP/2, as deploy/nginx.conf recommends (decision 92):
 * a certificate made for the run, which the browser is told to accept.
 */
export const NGINX_TLS_URL = `https://127.0.0.1:${PORTS.nginxTls}`;
export const BENCH_KEY = 'bench-key';
export const LATENCY_MS = 300;

const started = [];

/** Starts a server in its own process group, so that stopping it also stops what it started (tsx's node, nginx). */
export function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return { name, child, stderr: () => stderr };
}

/** Stops each of these servers, the last started first, waiting up to 5 s for each. */
export async function stopProcesses(servers) {
  for (const { child } of [...servers].reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
  }
}

export async function waitFor(url, what, server) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${what} exited: ${server.stderr()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what} did not start at ${url}: ${server.stderr()}`);
}

/** A certificate for 127.0.0.1, valid for two days, made with Debian's openssl. */
function selfSignedCertificate() {
  const dir = `/tmp/seo-dashboard-bench-tls-${PORTS.nginxTls}`;
  mkdirSync(dir, { recursive: true });
  const cert = `${dir}/cert.pem`;
  const key = `${dir}/key.pem`;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export async function startServers() {
  const simulator = start('simulator', resolve(ROOT, 'node_modules/.bin/tsx'), ['scripts/simulator-server.ts'], {
    PORT: String(PORTS.simulator),
    SIM_KEYS: BENCH_KEY,
    SIM_LATENCY_MS: String(LATENCY_MS),
    SIM_ANALYSIS_DELAY_MS: '0',
  });
  const tls = selfSignedCertificate();
  const nginx = start('nginx', process.execPath, ['tests/e2e/start-nginx.mjs'], {
    NGINX_PORT: String(PORTS.nginx),
    NGINX_PROXY_PORT: String(PORTS.nginxProxy),
    NGINX_TLS_PORT: String(PORTS.nginxTls),
    NGINX_TLS_CERT: tls.cert,
    NGINX_TLS_KEY: tls.key,
    NGINX_ROOT: BENCH_DIST_DIR,
    SIMULATOR_URL,
  });
  started.push(simulator, nginx);
  await Promise.all([
    waitFor(`${SIMULATOR_URL}/__simulator/stats`, 'The simulator', simulator),
    waitFor(`${NGINX_URL}/`, 'nginx', nginx),
  ]);
}

export async function stopServers() {
  await stopProcesses(started.splice(0));
}

/** Test control of the simulator: back to the seed data. */
export async function resetSimulator() {
  await fetch(`${SIMULATOR_URL}/__simulator/reset`, { method: 'POST' });
}

export async function configureSimulator(options) {
  await fetch(`${SIMULATOR_URL}/__simulator/config`, { method: 'POST', body: JSON.stringify(options) });
}

export async function firstReportId() {
  const response = await fetch(`${SIMULATOR_URL}/api/v1/reports?per_page=1`, {
    headers: { Authorization: `Bearer ${BENCH_KEY}`, Accept: 'application/json' },
  });
  const body = await response.json();
  return String(body.data[0].id);
}
