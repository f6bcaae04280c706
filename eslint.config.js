import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LAYERS } from './scripts/layers.mjs';

// Every folder under src/features is a feature; a new one is covered without editing this file.
const FEATURES_DIR = fileURLToPath(new URL('./src/features', import.meta.url));
const FEATURES = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Hostile data from the API must never become markup.
const NO_HTML_FROM_DATA = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Never render API data as HTML.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-seo',
      'dist-bench',
      // Builds of a second run on one machine (E2E_DIST, a helper's bench).
      'dist-*',
      '.build-manifests',
      'coverage',
      'test-results',
      'playwright-report',
      'node_modules',
      '.stryker-tmp',
    ],
  },
  {
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommended,
      ...pluginQuery.configs['flat/recommended'],
      jsxA11y.flatConfigs.recommended,
    ],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Hostile data from the API must never become markup.
      'react/no-danger': 'off',
      'no-restricted-syntax': ['error', NO_HTML_FROM_DATA],
      // One router module: a Link from 'react-router-dom' could find no router where the app's is
      // 'react-router''s (the tests' module graph loads the two apart).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router-dom', message: "Import from 'react-router', as the rest of the app." }] },
      ],
    },
  },
  {
    // Intl has one home, lib/i18n/ (docs/decisions/0101): its formatters follow the chosen language
    // and are made on first use and kept, since the first Intl or locale-aware call of a page loads
    // the locale's data, a long task with the CPU slowed (docs/decisions/0047). Not the simulator,
    // which stands for the service.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/simulator/**', 'src/lib/i18n/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_HTML_FROM_DATA,
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Intl only in lib/i18n/: use lib/i18n/format.ts (or lib/format*.ts) (docs/decisions/0101).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(localeCompare|toLocale(String|DateString|TimeString|LowerCase|UpperCase))$/]',
          message:
            'Locale-aware calls: use lib/i18n/format.ts (compareNames, formatDate…) or lib/compare-text.ts (docs/decisions/0101).',
        },
      ],
    },
  },
  {
    // The ranks of scripts/layers.mjs, lowest first: lib, api, components, data, parts, screens,
    // app. A folder imports from lower ranks and from its own (scripts/folder-graph.mjs checks
    // that no cycle forms, which this rule cannot see); another feature only through its index.
    files: ['src/**/*.{ts,tsx}'],
    // eslint-plugin-import with its node resolver: enough for our relative imports, and no
    // native resolver binding to install (see docs/decisions/0006).
    plugins: { import: importPlugin },
    settings: {
      // Without these, the plugin reads only .js files and cannot follow a cycle through TypeScript.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            // One zone per rank: nothing above it.
            ...LAYERS.slice(0, -1).map((layer, index) => ({
              target: layer.folders.map((folder) => `./src/${folder}`),
              from: LAYERS.slice(index + 1).flatMap((above) => above.folders.map((folder) => `./src/${folder}`)),
              message: `The ${layer.rank} rank imports only from lower ranks or its own (scripts/layers.mjs).`,
            })),
            // Globs (absolute: the rule does not resolve them). A stylesheet has no index: a screen
            // that shares another feature's look imports that feature's .css file itself.
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: `${FEATURES_DIR}/**`,
              except: [`${FEATURES_DIR}/${feature}/**`, `${FEATURES_DIR}/*/index.ts`, `${FEATURES_DIR}/**/*.css`],
              message: "Import another feature through its index ('../<feature>'), not its internals.",
            })),
            {
              target: ['./src/api', './src/lib', './src/components', './src/features'],
              from: './src/simulator',
              message: 'Only the demo (src/app/demo.ts) loads the simulator, lazily: it must stay out of the bundle.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
