/**
 * The catalogs, one per part of the app that loads on its own, and the folders whose messages
 * each holds (lingui.config.ts reads this; `npm run check:i18n` fails on a message in a folder
 * that none of them covers). Each is a file per locale, `./locales/<locale>/<name>.po`, and a
 * chunk of its own: only the chosen language's words of what is on screen are fetched.
 *
 * - `shell`: the frame every page has (and, as they are translated, the words of the first
 *   paint; the saved views are in the navigation): loaded at start; English's is in the entry.
 * - a screen's: declared in its folder (`catalog(…)`, as features/settings/catalog.ts does) and
 *   loaded by `useCatalog(…)` in the component each of its separately loaded modules shows.
 */
export const CATALOGS = {
  shell: ['src/app', 'src/features/saved-views'],
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
} as const satisfies Record<string, readonly string[]>;

export type CatalogName = keyof typeof CATALOGS;
