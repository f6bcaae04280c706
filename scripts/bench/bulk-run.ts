/**
 * The two figures of issue 15's "Speed and limits", measured with the dashboard's own client,
 * budget and job queue (the same modules the browser runs) against the simulator over real HTTP.
 * Run by scripts/bench/bulk.mjs (it starts the simulator); prints one JSON object.
 *
 *   SIMULATOR_URL=http://127.0.0.1:8847 BENCH_KEY=bench-key node scripts/run-app-module.mjs scripts/bench/bulk-run.ts
 *
 * - export of a 1,000-report view at 300 ms latency: requests, time, and the longest stretch the
 *   event loop was blocked (Node's event-loop delay; in a browser that is a long task);
 * - bulk create of 100 URLs against the 60-a-minute limit with the dashboard's budget of 55:
 *   429s that reach the person (an item that failed with 429), duplicates, time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setRequestLimit, setTransport } from '../../src/api';
import { createJobQueue, type JobQueue } from '../../src/features/jobs/job-queue';
import { memoryJobStore } from '../../src/features/jobs/job-store';
import type { Job } from '../../src/features/jobs/job-model';
import { reportsToCsv } from '../../src/features/exports/report-export';

const simulatorUrl = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:8847';
const key = process.env.BENCH_KEY ?? 'bench-key';
const createCount = Number(process.env.BULK_CREATE_COUNT ?? 100);

async function control(path: string, body: unknown) {
  await fetch(`${simulatorUrl}/__simulator/${path}`, { method: 'POST', body: JSON.stringify(body) });
}
async function requestLog(): Promise<{ method: string; path: string; status: number }[]> {
  return (await fetch(`${simulatorUrl}/__simulator/requests`)).json() as Promise<
    { method: string; path: string; status: number }[]
  >;
}

function whenOver(queue: JobQueue, id: string): Promise<Job> {
  return new Promise((resolve) => {
    const check = () => {
      const job = queue.getSnapshot().find((candidate) => candidate.id === id);
      if (job && (job.state === 'finished' || job.state === 'cancelled')) {
        stop();
        resolve(job);
      }
    };
    const stop = queue.subscribe(check);
    check();
  });
}

const newQueue = () =>
  createJobQueue({ store: memoryJobStore(), connection: () => simulatorUrl, concurrency: 4, locks: null });

setTransport({ baseUrl: simulatorUrl, apiKey: key });

// 1. Export of a 1,000-report view, 300 ms per answer, no rate limit in the way.
await control('reset', {});
await control('config', { latencyMs: 300, analysisDelayMs: 0, rateLimitPerMinute: undefined });
setRequestLimit(55);
const delay = monitorEventLoopDelay({ resolution: 1 });
const exportQueue = newQueue();
const exportStart = performance.now();
delay.enable();
const exportJob = await exportQueue.start(
  { kind: 'export', params: {}, format: 'csv', withChecks: true, fileName: 'bench' },
  'Export',
  [{ key: '1', label: 'page 1' }],
);
await whenOver(exportQueue, exportJob.id);
const rows = exportQueue.exportedRows(exportJob.id);
const csvStart = performance.now();
const csv = reportsToCsv(rows, (id) => `${simulatorUrl}/reports/${id}`, true);
const csvMs = performance.now() - csvStart;
const exportMs = performance.now() - exportStart;
delay.disable();
const exportRequests = (await requestLog()).filter((entry) => entry.method === 'GET').length;

// 2. Bulk create of 100 URLs against the service's 60-a-minute limit.
await control('reset', {});
await control('config', { latencyMs: 50, analysisDelayMs: 300, rateLimitPerMinute: 60 });
const createQueue = newQueue();
const urls = Array.from({ length: createCount }, (_, i) => `https://bulk-bench.example/page-${i + 1}`);
const createStart = performance.now();
const createJob = await createQueue.start(
  { kind: 'create', privacy: 'public', existing: 'create' },
  'Create',
  urls.map((url) => ({ key: url, label: url, url })),
);
const created = await whenOver(createQueue, createJob.id);
const createMs = performance.now() - createStart;
const log = await requestLog();
const stored = (await (
  await fetch(`${simulatorUrl}/api/v1/reports?project=bulk-bench.example&per_page=100&page=1`, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  })
).json()) as { meta?: { total?: number }; total?: number };
const total = stored.meta?.total ?? stored.total ?? -1;

console.log(
  JSON.stringify({
    export: {
      reports: rows.length,
      requests: exportRequests,
      ms: Math.round(exportMs),
      csvMs: Math.round(csvMs),
      csvBytes: csv.length,
      longestBlockMs: Math.round(delay.max / 1e6),
    },
    create: {
      urls: createCount,
      ms: Math.round(createMs),
      itemsFailedWith429: created.items.filter(
        (item) => item.status === 'failed' && /429|slow down|too many/i.test(item.reason ?? ''),
      ).length,
      failed: created.items.filter((item) => item.status !== 'done').length,
      served429: log.filter((entry) => entry.status === 429).length,
      posts: log.filter((entry) => entry.method === 'POST').length,
      // Every request of the create (its stores and the look for second reports), and the
      // export's, sent just before through the same budget and still inside its minute.
      requests: log.length,
      carried: exportRequests,
      storedReports: total,
      duplicates: total - createCount,
    },
  }),
);
process.exit(0);
