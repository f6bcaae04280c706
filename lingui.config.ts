import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { CATALOGS } from './src/lib/i18n/catalogs';
import { LOCALES, SOURCE_LANGUAGE } from './src/lib/i18n/locales';

// The messages' catalogs (docs/decisions/0101-i18n-library.md). Written by
// `node scripts/i18n-catalogs.mjs --write`, checked by `npm run check:i18n`.

/**
 * What another catalog names inside one of `include`'s folders: the more specific path wins, so
 * that a module of the first paint can say its words with the shell while the rest of its folder
 * loads with its own catalog (src/lib/i18n/catalogs.ts).
 */
function namedElsewhere(include: readonly string[]): string[] {
  return Object.values(CATALOGS)
    .flat()
    .filter((path) => include.some((folder) => path.startsWith(`${folder}/`)));
}

export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LOCALES],
  // The pseudo-locale is generated from English by scripts/i18n-catalogs.mjs, not by Lingui (whose
  // own does not lengthen the text): to Lingui it is a locale like the others.
  fallbackLocales: { default: SOURCE_LANGUAGE },
  catalogs: Object.entries(CATALOGS).map(([name, include]) => ({
    path: `<rootDir>/src/lib/i18n/locales/{locale}/${name}`,
    include: [...include],
    exclude: namedElsewhere(include),
  })),
  format: formatter({ lineNumbers: false }),
  // The macros' code asks the app's own instance and hook (src/lib/i18n), which follow the chosen
  // language without a provider. Paths from the root: Vite resolves them from any file.
  runtimeConfigModule: {
    i18n: ['/src/lib/i18n/i18n.ts', 'i18n'],
    useLingui: ['/src/lib/i18n/use-lingui.tsx', 'useLingui'],
    Trans: ['/src/lib/i18n/trans.tsx', 'Trans'],
  },
});
