/**
 * The modules under mutation testing (`npm run mutation`) and, for each, the tests that hold it.
 * Chosen by hand, not by import graph: through the barrels nearly every integration test imports
 * every module below, and running each mutant against the screens' tests costs hours on two
 * cores (docs/decisions/0062). A test written to kill a survivor goes into one of these files,
 * or its file is added here.
 */
const API_TESTS = [
  'tests/unit/response-parsing.test.ts',
  'tests/unit/request-failures.test.ts',
  'tests/unit/share-request-budget.test.ts',
  'tests/integration/api-client.test.ts',
  'tests/integration/write-outcomes.test.ts',
  'tests/integration/faults.test.ts',
  'tests/integration/connection-epochs.test.ts',
];
const LIST_TESTS = ['tests/unit/report-list-params.test.ts', 'tests/unit/project-list-params.test.ts'];
const BUDGET_TESTS = [
  'tests/unit/rate-limiter.test.ts',
  'tests/unit/shared-budget.test.ts',
  'tests/unit/share-request-budget.test.ts',
];
const JOB_TESTS = [
  'tests/integration/job-queue.test.ts',
  'tests/integration/job-limit-waits.test.ts',
  'tests/integration/jobs-across-tabs.test.ts',
];

const api = (name, tests = API_TESTS) => [`api/${name}`, { mutate: [`src/api/${name}.ts`], tests }];

/** name → the files mutated and the test files run against them. */
export const MUTATION_MODULES = Object.fromEntries([
  ['csv', { mutate: ['src/lib/csv.ts'], tests: ['tests/unit/csv-export.test.ts'] }],
  ['paths', { mutate: ['src/lib/paths.ts'], tests: ['tests/unit/paths.test.ts', ...LIST_TESTS] }],
  ['list-state', { mutate: ['src/lib/list-state.ts'], tests: ['tests/unit/list-state.test.ts', ...LIST_TESTS] }],
  ['reports/list-state', { mutate: ['src/features/reports/list-state.ts'], tests: LIST_TESTS }],
  ['rate-limiter', { mutate: ['src/lib/rate-limiter.ts'], tests: BUDGET_TESTS }],
  ['shared-record', { mutate: ['src/lib/shared-record.ts'], tests: ['tests/unit/shared-budget.test.ts'] }],
  [
    'shared-budget',
    {
      mutate: ['src/lib/shared-budget.ts'],
      tests: ['tests/unit/shared-budget.test.ts', 'tests/unit/share-request-budget.test.ts'],
    },
  ],
  api('errors'),
  api('error-body'),
  api('failure-words'),
  api('parsers'),
  api('request'),
  api('transport', [...API_TESTS, 'tests/unit/transport.test.ts']),
  // The still-waiting notice's bookkeeping: its own file; request-failures words a stop.
  api('waiting', ['tests/unit/still-waiting.test.ts', 'tests/unit/request-failures.test.ts']),
  api('reports'),
  api('projects', [...API_TESTS, 'tests/unit/delete-and-project-readers.test.ts']),
  api('writes', [...API_TESTS, 'tests/unit/delete-and-project-readers.test.ts']),
  api('write-outcomes'),
  // One request with a given transport: its own file holds it; the API's files never call it.
  api('connection-check', ['tests/unit/connection-check.test.ts']),
  [
    'jobs/job-model',
    { mutate: ['src/features/jobs/job-model.ts'], tests: ['tests/unit/job-model.test.ts', ...JOB_TESTS] },
  ],
  [
    'jobs/job-store',
    { mutate: ['src/features/jobs/job-store.ts'], tests: ['tests/unit/job-store.test.ts', ...JOB_TESTS] },
  ],
  [
    'jobs/job-runners',
    { mutate: ['src/features/jobs/job-runners.ts'], tests: ['tests/unit/job-runners.test.ts', ...JOB_TESTS] },
  ],
  // The shared workspace's merge rules (decision 104) and the move from the old shapes.
  [
    'workspace/merge',
    {
      mutate: [
        'src/features/workspace/registers.ts',
        'src/features/workspace/pieces.ts',
        'src/features/workspace/views.ts',
        'src/features/workspace/results-before.ts',
      ],
      tests: [
        'tests/unit/workspace/results-before.test.ts',
        'tests/unit/workspace/pieces.test.ts',
        'tests/unit/workspace/check-pieces.test.ts',
        'tests/unit/workspace/registers-read-once.test.ts',
        'tests/unit/workspace/merge-edges.test.ts',
        'tests/unit/workspace/views-edges.test.ts',
        'tests/unit/workspace/store.test.ts',
      ],
    },
  ],
  [
    'workspace/move',
    {
      mutate: ['src/features/workspace/old-record.ts'],
      tests: ['tests/unit/workspace/store.test.ts', 'tests/unit/workspace/old-report-language.test.ts'],
    },
  ],
  [
    'jobs/job-queue',
    {
      mutate: ['src/features/jobs/job-queue.ts'],
      tests: ['tests/unit/job-queue-flow.test.ts', 'tests/integration/job-queue-controls.test.ts', ...JOB_TESTS],
    },
  ],
]);

/** Where a module's results are kept between runs (committed: a later run re-tests only what changed). */
export const incrementalFileOf = (name) => `.stryker/incremental/${name.replaceAll('/', '--')}.json`;
