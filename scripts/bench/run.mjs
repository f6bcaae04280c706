// `npm run bench`: every performance budget of issue 7, measured on this machine and printed
// with its budget and PASS/FAIL; exits non-zero when one fails. Builds dist/ when it is missing.
//   BENCH_SKIP_LIGHTHOUSE=1 npm run bench   # the quick part only
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRow, measureSizes } from '../size.mjs';
import { runBrowserBench } from './browser.mjs';
import { LIGHTHOUSE_BUDGETS, runLighthouse } from './lighthouse.mjs';
import { NGINX_PROXY_URL, ROOT, firstReportId, resetSimulator, startServers, stopServers } from './servers.mjs';

const dist = join(ROOT, 'dist');
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.log('dist/ is missing: building it first (npm run build)…');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}

const results = [];
const print = (verdict, name, figure, budget, note = '') =>
  console.log(`${verdict.padEnd(10)} ${name.padEnd(66)} ${figure.padStart(16)}  ${budget}${note ? `  — ${note}` : ''}`);
const record = (pass) => {
  if (pass !== undefined) results.push(pass);
  return pass === undefined ? '(reported)' : pass ? 'PASS' : 'FAIL';
};

console.log('\n== 1. Bytes (gzip -9 of dist/, first paint from the Vite manifest)');
for (const row of measureSizes(dist).rows) {
  if (row.budget !== undefined) results.push(row.kb <= row.budget);
  console.log(formatRow(row));
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const chunkName = (src) => manifest[src].file.replace(/^assets\//, '');
const routeChunks = {
  reports: chunkName('src/features/reports/pages/reports-page.tsx'),
  report: chunkName('src/features/reports/pages/report-page.tsx'),
};

const stop = async () => {
  await stopServers();
  process.exit(130);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

try {
  await startServers();
  console.log('\n== 2–4. In Chromium (nginx + simulator answering after 300 ms)');
  for (const row of await runBrowserBench({ routeChunks })) {
    const figure = `${Number.isInteger(row.value) ? row.value : row.value.toFixed(1)} ${row.unit}`.trim();
    print(record(row.pass), row.name, figure, row.budget, row.note);
  }

  if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
    console.log('\n== 5. Lighthouse 12 (mobile preset, simulated throttling)');
    await resetSimulator();
    const id = await firstReportId();
    const runs = [
      ['/reports', '/reports', true],
      ['a report page', `/reports/${encodeURIComponent(id)}`, true],
      ['/projects', '/projects', true],
      ['/reports (demo mode, fresh profile)', '/reports', false],
    ];
    for (const [label, path, connected] of runs) {
      const { scores, metrics, failing } = await runLighthouse(`${NGINX_PROXY_URL}${path}`, {
        connection: connected ? { baseUrl: NGINX_PROXY_URL } : undefined,
      });
      for (const [category, budget] of Object.entries(LIGHTHOUSE_BUDGETS)) {
        const score = scores[category];
        print(record(score >= budget), `${label}: ${category}`, score.toFixed(2), `≥ ${budget}`);
      }
      const note = `LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms, CLS ${metrics.cls.toFixed(3)}`;
      console.log(`${''.padEnd(10)} ${note}${failing.length ? `; below 0.9: ${failing.join(', ')}` : ''}`);
    }
  }
} finally {
  await stopServers();
}

const failed = results.filter((pass) => !pass).length;
console.log(`\n${results.length - failed} budgets passed, ${failed} failed.`);
process.exit(failed > 0 ? 1 : 0);
