/**
 * The simulated v1 service as a real HTTP server, for end-to-end tests and for trying the
 * dashboard's real fetch path (CORS, preflights, headers) without a real service.
 *
 *   npm run simulator                      # http://127.0.0.1:8787, key "demo"
 *   PORT=9000 SIM_KEYS=a,b SIM_LATENCY_MS=300 SIM_CORS=0 npm run simulator
 *   SIM_SEED=hostile npm run simulator     # records built to break a client, for checking
 *   SIM_REPORT_COUNT=1000 npm run simulator  # a demo seed of that many reports (default 300)
 *   SIM_SEED=large npm run simulator       # a large account: 10,000 reports over 40 projects
 *   SIM_KEEP_ALIVE_MS=5000 npm run simulator  # how long an idle connection is kept (default 75 s)
 *
 * Test control (not part of the v1 API), on the same port:
 *   POST /__simulator/reset               back to the seed data, no faults
 *   POST /__simulator/reset  {"seed":"hostile"}   the same, with that seed (until the next reset)
 *   POST /__simulator/faults  {"kind":"500","times":1,"method":"GET","path":"/api/v1/reports"}
 *                             (kinds: see FAULT_KINDS; "apply-then-cut" applies a write and then
 *                             drops the connection, "apply-then-resend" applies it and closes the
 *                             connection before any byte, which Chromium re-sends on a reused
 *                             keep-alive connection, "stall" never answers)
 *   POST /__simulator/random  {"rate":0.2,"kinds":["500","429"]}   (or null to stop)
 *   POST /__simulator/config  {"latencyMs":300,"analysisDelayMs":0,"cors":true,"validKeys":["demo"]}
 *                             {"rateLimitPerMinute":60,"otherClientPerMinute":30}: a second client of
 *                             the same key spends half the limit (429s the dashboard cannot foresee)
 *   GET  /__simulator/stats   faults injected so far, requests served
 *   GET  /__simulator/requests  every API request since the last reset: when, method, path,
 *                             the key it carried and the status it got (0: connection dropped)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  CLOSE_BEFORE_ANSWER,
  createSimulator,
  CUT_AFTER_HEADERS,
  isSeedName,
  SEED_NAMES,
  type QueuedFault,
  type RandomFaultConfig,
} from '../src/simulator';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const startSeed = process.env.SIM_SEED ?? 'demo';
if (!isSeedName(startSeed)) throw new Error(`SIM_SEED must be one of ${SEED_NAMES.join(', ')}, not "${startSeed}"`);
const simulator = createSimulator({
  seed: startSeed,
  validKeys: (process.env.SIM_KEYS ?? 'demo')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean),
  latencyMs: Number(process.env.SIM_LATENCY_MS ?? 0),
  analysisDelayMs: Number(process.env.SIM_ANALYSIS_DELAY_MS ?? 1500),
  cors: process.env.SIM_CORS !== '0',
  // SIM_REPORT_COUNT=1000: a bigger demo seed, e.g. for the bench's export of a 1,000-report view.
  ...(process.env.SIM_REPORT_COUNT ? { reportCount: Number(process.env.SIM_REPORT_COUNT) } : {}),
  baseUrl: `http://${host}:${port}/`,
  // A lost answer over HTTP: see ServiceSettings.cutAnswersAfterHeaders.
  cutAnswersAfterHeaders: true,
});
let served = 0;
const seenOrigins = new Set<string>();

/** What a test checks over the wire: which key each request carried, and what it got. */
interface LoggedRequest {
  at: number;
  method: string;
  path: string;
  key: string;
  status: number;
}
let requestLog: LoggedRequest[] = [];

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  response.end(JSON.stringify(body));
}

async function control(path: string, body: string, response: ServerResponse) {
  const value: unknown = body ? JSON.parse(body) : null;
  switch (path) {
    case '/__simulator/reset': {
      // A plain reset goes back to the seed the server started with, so one test's seed never leaks into the next.
      const seed = (value as { seed?: unknown } | null)?.seed ?? startSeed;
      if (!isSeedName(seed))
        return sendJson(response, 422, { message: `Unknown seed; use one of ${SEED_NAMES.join(', ')}.` });
      simulator.reset(seed);
      requestLog = [];
      return sendJson(response, 200, { ok: true, seed });
    }
    case '/__simulator/faults':
      simulator.faults.next(value as QueuedFault);
      return sendJson(response, 200, { ok: true, pending: simulator.faults.pending() });
    case '/__simulator/random':
      simulator.faults.setRandom(value as RandomFaultConfig | null);
      return sendJson(response, 200, { ok: true });
    case '/__simulator/config':
      Object.assign(simulator.options, value);
      return sendJson(response, 200, { ok: true });
    case '/__simulator/stats':
      return sendJson(response, 200, { served, faults: simulator.faults.log, origins: [...seenOrigins] });
    case '/__simulator/requests':
      return sendJson(response, 200, requestLog);
    default:
      return sendJson(response, 404, { message: 'Unknown control path.' });
  }
}

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? `${host}:${port}`}`);
    const body = await readBody(request);
    if (url.pathname.startsWith('/__simulator/')) {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Allow-Methods': 'GET, POST',
        });
        return response.end();
      }
      return await control(url.pathname, body.toString('utf8'), response);
    }
    served += 1;
    if (typeof request.headers.origin === 'string') seenOrigins.add(request.headers.origin);
    const logged: LoggedRequest = {
      at: Date.now(),
      method: request.method ?? 'GET',
      path: url.pathname,
      key: /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '',
      status: 0,
    };
    if (request.method !== 'OPTIONS') requestLog.push(logged);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    // A client that hangs up (a stalled request it gave up on) ends the simulated request too.
    const hangUp = new AbortController();
    response.on('close', () => {
      if (!response.writableEnded) hangUp.abort();
    });
    const answer = await simulator.fetch(url.href, {
      signal: hangUp.signal,
      method: request.method ?? 'GET',
      headers,
      body: body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD' ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    });
    const outHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      outHeaders[name] = value;
    });
    logged.status = answer.status;
    const answerBody = Buffer.from(await answer.arrayBuffer());
    if (answer.headers.has(CLOSE_BEFORE_ANSWER)) {
      // apply-then-resend: the work is done; not a byte of the answer leaves.
      request.socket.destroy();
      return;
    }
    if (answer.headers.has(CUT_AFTER_HEADERS)) {
      // apply-then-cut: the work is done; the status and headers leave, the body never ends.
      delete outHeaders[CUT_AFTER_HEADERS.toLowerCase()];
      response.writeHead(answer.status, outHeaders);
      response.write(answerBody.subarray(0, Math.floor(answerBody.length / 2)));
      setTimeout(() => request.socket.destroy(), 50);
      return;
    }
    response.writeHead(answer.status, outHeaders);
    response.end(answerBody);
  } catch (error) {
    // A dropped connection, as the fault injector's "network" kind asks for.
    if (error instanceof TypeError) {
      request.socket.destroy();
      return;
    }
    // The client hung up on a stalled request: nobody is left to answer.
    if (error instanceof DOMException && error.name === 'AbortError') {
      request.socket.destroy();
      return;
    }
    sendJson(response, 500, { message: 'Simulator failure.', status: 500 });
    console.error(error);
  }
});

// Keep-alive as a service behind nginx keeps it (75 s by default there): the browser reuses its
// connections, so a connection closed before any byte of an answer is one that Chromium may send
// again by itself (docs/decisions/0022, addendum; the soak's store cuts rely on it).
server.keepAliveTimeout = Number(process.env.SIM_KEEP_ALIVE_MS ?? 75_000);
server.headersTimeout = server.keepAliveTimeout + 1_000;

server.listen(port, host, () => {
  console.log(
    `Simulated v1 service on http://${host}:${port} (keys: ${simulator.options.validKeys.join(', ')}; seed: ${startSeed})`,
  );
});
