// @ts-check
import { writeFileSync } from 'node:fs';
import { MUTATION_MODULES, incrementalFileOf } from './scripts/mutation-modules.mjs';

/**
 * Mutation testing of one module at a time (docs/decisions/0062): `npm run mutation` sets
 * MUTATION_MODULE to each name of scripts/mutation-modules.mjs in turn; run by hand, e.g.
 * `MUTATION_MODULE=csv npx stryker run`.
 */
const name = process.env.MUTATION_MODULE ?? '';
const module = MUTATION_MODULES[name];
if (!module) throw new Error(`MUTATION_MODULE must be one of: ${Object.keys(MUTATION_MODULES).join(', ')}`);

// The type checker looks at the module and what it imports, not at the whole app: checked against
// every file that imports it, each mutant took longer to type-check than to test. A mutant that
// breaks only a caller's types is then tested, and the tests decide. The app's own declarations
// (`*.po` catalogs, src/lib/i18n/po.d.ts) come too: what the module imports needs them.
const TSCONFIG = 'tsconfig.mutation.json';
writeFileSync(
  TSCONFIG,
  JSON.stringify({ extends: './tsconfig.app.json', include: ['src/**/*.d.ts'], files: module.mutate }, null, 2),
);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vite.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: TSCONFIG,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: module.mutate,
  testFiles: module.tests,
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant) runs every test again; the rest say enough.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: incrementalFileOf(name),
  // The machine is shared: one test process unless asked for more.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  reporters: process.env.MUTATION_REPORTERS ? process.env.MUTATION_REPORTERS.split(',') : ['progress'],
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    '/dist',
    '/dist-seo',
    '/dist-bench',
    '/.build-manifests',
    '/docs',
    '/deploy',
    '/test-results',
    '/playwright-report',
    '/tests/e2e',
    '/tests/soak',
    '/.stryker',
  ],
  logLevel: process.env.MUTATION_LOG_LEVEL ?? 'warn',
  fileLogLevel: 'off',
  // A test run waits for a page environment (jsdom) that starts slowly on a busy machine: a shorter
  // limit counted slow runs as timeouts and restarted the test process after each.
  timeoutMS: 60_000,
};
export default config;
