import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin, PluginOption } from 'vite';

/**
 * Lingui in the build and the tests (docs/decisions/0101-i18n-library.md): its macros
 * (`@lingui/react/macro`, `@lingui/core/macro`) become calls with a message id, and an imported
 * `.po` catalog becomes a module of compiled messages (Lingui's own Vite plugin).
 *
 * The macros are Babel's: @vitejs/plugin-react 6 no longer runs Babel, and @rolldown/plugin-babel
 * needs Node 22. So Babel runs here, before the React plugin, only on the files that import a
 * macro (the others are not parsed twice). Can go when the project is on Node 22: then
 * `@rolldown/plugin-babel` with `@lingui/babel-plugin-lingui-macro`, as Lingui's guide says.
 */
export function i18nPlugins(): PluginOption[] {
  return [linguiMacros(), lingui()];
}

const MACRO = /["']@lingui\/(?:react|core)\/macro["']/;

function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !MACRO.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
