import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { CATALOGS } from './src/lib/i18n/catalogs';
import { LOCALES, SOURCE_LANGUAGE } from './src/lib/i18n/locales';

// The messages' catalogs (docs/decisions/0101-i18n-library.md). Written by
// `node scripts/i18n-catalogs.mjs --write`, checked by `npm run check:i18n`.
export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LOCALES],
  // The pseudo-locale is generated from English by scripts/i18n-catalogs.mjs, not by Lingui (whose
  // own does not lengthen the text): to Lingui it is a locale like the others.
  fallbackLocales: { default: SOURCE_LANGUAGE },
  catalogs: Object.entries(CATALOGS).map(([name, include]) => ({
    path: `<rootDir>/src/lib/i18n/locales/{locale}/${name}`,
    include: [...include],
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
