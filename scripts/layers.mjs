// The ranks of the app's folders, lowest first (docs/decisions/0093). A folder imports only from
// lower ranks, or from its own rank without a cycle. ESLint turns this list into one zone per rank
// (eslint.config.js); scripts/folder-graph.mjs checks every import against it and for cycles.
// A new folder under src/features must be given a rank here: both checks fail until it is.

/** @type {readonly { rank: string; why: string; folders: readonly string[] }[]} */
export const LAYERS = [
  { rank: 'lib', why: 'small helpers and the service’s types: know nothing of the app', folders: ['lib'] },
  { rank: 'api', why: 'the v1 client: request(), ApiError and its words, response readers', folders: ['api'] },
  { rank: 'components', why: 'UI that knows no feature: lists’ states, dialogs, toasts', folders: ['components'] },
  {
    rank: 'data',
    why: 'stores and queries, no screen: what the parts and screens read and change',
    folders: [
      'features/connection',
      'features/reports',
      'features/projects',
      'features/audit',
      'features/workspace',
      'features/jobs',
      'features/kept-results',
      'features/exports',
      'features/device-storage',
    ],
  },
  {
    rank: 'parts',
    why: 'what several screens (or the shell) show',
    folders: [
      'features/report-actions',
      'features/job-tray',
      'features/segments',
      'features/set-aside',
      'features/attention',
      'features/branding',
      'features/saved-views',
      'features/workspace-file',
      'features/shortcuts',
      'features/team',
      'features/kept-on-device',
    ],
  },
  {
    rank: 'screens',
    why: 'a route’s page each',
    folders: [
      'features/report-list',
      'features/report-page',
      'features/new-report',
      'features/project-pages',
      'features/overview',
      'features/settings',
      'features/site-changes',
      'features/report-compare',
      'features/project-report',
    ],
  },
  { rank: 'app', why: 'the shell: routes, layout, banners, the demo', folders: ['app'] },
  { rank: 'entry', why: 'start-up', folders: ['main.tsx', 'styles.css'] },
];

/**
 * The simulated service stands for the real one: nothing of the app's is in it, and only the demo
 * (src/app/demo.ts) loads it, lazily.
 */
export const OUTSIDE_THE_RANKS = ['simulator'];

/** The rank's index of a folder (`lib`, `features/reports`…), or undefined if it has none. */
export function rankOf(folder) {
  const index = LAYERS.findIndex((layer) => layer.folders.includes(folder));
  return index === -1 ? undefined : index;
}
