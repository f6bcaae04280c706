#!/usr/bin/env node
/**
 * `npm run mutation [-- <module>… | --list]`: Stryker over each module of
 * ./mutation-modules.mjs against the tests that hold it, one module after the other, then one
 * line per module (killed, survived, no coverage, timeout, score) and the total. Results are kept
 * in .stryker/incremental/ (ignored by git: it is rewritten by every run): a mutant whose code and tests did not change is not run
 * again. `--survivors` lists each surviving mutant. MUTATION_CONCURRENCY sets Stryker's test
 * processes (1 by default: the machine is shared). Not part of CI (docs/decisions/0062).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { MUTATION_MODULES, incrementalFileOf } from './mutation-modules.mjs';

const args = process.argv.slice(2);
const showSurvivors = args.includes('--survivors');
const reportOnly = args.includes('--report-only');
const asked = args.filter((arg) => !arg.startsWith('--'));
const unknown = asked.filter(
  (name) => !Object.keys(MUTATION_MODULES).some((known) => known === name || known.startsWith(`${name}/`)),
);
if (unknown.length > 0 || args.includes('--list')) {
  if (unknown.length > 0) console.error(`Unknown module: ${unknown.join(', ')}`);
  console.error(
    `Modules (a prefix such as "api" runs all of its own):\n  ${Object.keys(MUTATION_MODULES).join('\n  ')}`,
  );
  process.exit(unknown.length > 0 ? 2 : 0);
}
const names = Object.keys(MUTATION_MODULES).filter(
  (known) => asked.length === 0 || asked.some((name) => known === name || known.startsWith(`${name}/`)),
);

const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];

/** Counts by status, and the survivors, from a module's incremental file (a mutation-testing report). */
function resultsOf(name) {
  const file = incrementalFileOf(name);
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, Other: 0 };
  const survivors = [];
  for (const [path, { mutants }] of Object.entries(report.files)) {
    if (!MUTATION_MODULES[name].mutate.includes(path)) continue;
    for (const mutant of mutants) {
      counts[mutant.status in counts ? mutant.status : 'Other'] += 1;
      if (UNDETECTED.includes(mutant.status)) {
        const where = `${path}:${mutant.location.start.line}:${mutant.location.start.column}`;
        survivors.push(`${where} ${mutant.status} ${mutant.mutatorName}: ${mutant.replacement ?? ''}`.trim());
      }
    }
  }
  return { counts, survivors };
}

const score = (counts) => {
  const detected = DETECTED.reduce((sum, status) => sum + counts[status], 0);
  const valid = detected + UNDETECTED.reduce((sum, status) => sum + counts[status], 0);
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)}%`;
};

const line = (label, counts) =>
  `${label.padEnd(22)} killed ${String(counts.Killed).padStart(4)}  survived ${String(counts.Survived).padStart(3)}  ` +
  `no coverage ${String(counts.NoCoverage).padStart(3)}  timeout ${String(counts.Timeout).padStart(3)}  score ${score(counts)}`;

let failedRuns = 0;
if (!reportOnly) {
  for (const name of names) {
    console.log(`\n--- ${name}`);
    const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_MODULE: name },
    });
    if (run.status !== 0) {
      failedRuns += 1;
      console.error(`Stryker failed on ${name} (exit ${run.status})`);
    }
  }
}

console.log('\nMutation score by module (static mutants not run):');
const total = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, Other: 0 };
for (const name of names) {
  const results = resultsOf(name);
  if (!results) {
    console.log(`${name.padEnd(22)} not run yet`);
    continue;
  }
  console.log(line(name, results.counts));
  for (const status of Object.keys(total)) total[status] += results.counts[status];
  if (showSurvivors) for (const survivor of results.survivors) console.log(`    ${survivor}`);
}
console.log(line('total', total));
process.exit(failedRuns > 0 ? 1 : 0);
