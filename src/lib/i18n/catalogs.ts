/**
 * The catalogs, one per part of the app that loads on its own, and the folders whose messages
 * each holds (lingui.config.ts reads this; `npm run check:i18n` fails on a message in a folder
 * that none of them covers). Each is a file per locale, `./locales/<locale>/<name>.po`, and a
 * chunk of its own: only the chosen language's words of what is on screen are fetched.
 *
 * - `shell`: the frame every page has (and, as they are translated, the words of the first
 *   paint): loaded at start; English's is in the entry. The saved views in the navigation come
 *   after the first rows, with their own catalog.
 * - a path may be a folder or a file; where a catalog names a file inside another's folder, the
 *   more specific path wins (lingui.config.ts): the first paint's modules are the shell's.
 * - a screen's: declared in its folder (`catalog(…)`, as features/settings/catalog.ts does) and
 *   loaded by `useCatalog(…)` in the component each of its separately loaded modules shows.
 */
export const CATALOGS = {
  shell: [
    'src/app',
    // The first paint of /reports (`npm run size:modules`): its rows' words come with the shell's.
    'src/features/report-list/pages/reports-page.tsx',
    'src/features/report-list/components/reports-list.tsx',
    'src/features/report-list/components/reports-table.tsx',
    'src/features/reports/privacy.ts',
    'src/components/list-body.tsx',
    'src/components/relative-time.tsx',
    'src/components/report-url.tsx',
    'src/lib/rating.ts',
  ],
  // Only the demo shows its banner: its words are not the shell's (in every first paint).
  demo: ['src/app/demo-banner.tsx'],
  'saved-views': ['src/features/saved-views'],
  settings: ['src/features/settings'],
  team: ['src/features/team'],
  'kept-on-device': ['src/features/kept-on-device'],
  'workspace-file': ['src/features/workspace-file'],
  'project-report': ['src/features/project-report'],
  'report-page': ['src/features/report-page'],
  overview: ['src/features/overview', 'src/features/attention'],
  'project-pages': ['src/features/project-pages'],
  'new-report': ['src/features/new-report'],
  'report-compare': ['src/features/report-compare'],
  shortcuts: ['src/features/shortcuts'],
  'site-changes': ['src/features/site-changes'],
  'job-tray': ['src/features/job-tray'],
  checks: ['src/lib/checks.ts'],
  // Why a check matters and how to fix it: only where a failed check is explained, not with every title.
  'check-guide': ['src/lib/check-guide.ts'],
  'report-list': ['src/features/report-list'],
  'report-actions': ['src/features/report-actions'],
  // The parts several screens share, each loading its words itself (src/components/catalog.ts).
  'shared-parts': ['src/components'],
  // Two runs or two reports compared: only the report page and the comparison page show it.
  comparison: ['src/components/report-comparison.tsx'],
  // Copy as Markdown and the Markdown it writes: only a report's page and an issue's pages copy.
  markdown: ['src/components/copy-markdown.tsx', 'src/lib/markdown.ts'],
  segments: ['src/features/segments'],
  'set-aside': ['src/features/set-aside'],
  jobs: ['src/features/jobs'],
  // Failures in words: the client's, the pages', the connection test's, and the app's error page.
  errors: ['src/api/error-words', 'src/app/route-error.tsx'],
} as const satisfies Record<string, readonly string[]>;

export type CatalogName = keyof typeof CATALOGS;
