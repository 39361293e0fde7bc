// ESLint (flat config) for the back office, the same rules as the storefront's: typescript-eslint
// (type-aware), React hooks, jsx-a11y, import cycles, and the boundaries of src/README.md:
//
//   app/         composition only: providers, router, route table (imports anything)
//   routes/      route components that compose features; never app/
//   features/x/  one screen or tool; others import only its index (features/x), and it never
//                imports another feature, routes/ or app/
//   components/  shared UI; lib/ shared helpers; api/, i18n/, theme/ below them
//
// `npm run lint` runs it with --max-warnings 0.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Folders below the features (shared code): they never import a feature, a route or the app.
const SHARED = ['./src/components', './src/lib', './src/api', './src/i18n', './src/theme'];
// Everything outside the features, and outside the app (which composes them).
const OUTSIDE_FEATURES = ['./src/app', './src/routes', './src/test', './src/main.tsx', ...SHARED];

const boundaries = [
  // A feature never imports another feature: what two features share lives in lib/ or
  // components/, or routes/ composes them.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: `features/${name} may not import another feature: share through lib/ or components/, or compose in routes/.`,
  })),
  // Outside a feature, only its index (its public API) is imported.
  ...features.map((name) => ({
    target: OUTSIDE_FEATURES,
    from: `./src/features/${name}`,
    except: ['./index.ts'],
    message: `Import features/${name} through its index (features/${name}), not its internals.`,
  })),
  {
    target: ['./src/features', './src/routes', ...SHARED],
    from: './src/app',
    message: 'app/ is composition only (providers, router): nothing but main.tsx imports it; shared helpers belong in lib/.',
  },
  {
    target: ['./src/features', ...SHARED],
    from: './src/routes',
    message: 'routes/ compose features: features and shared code do not import them.',
  },
  {
    target: SHARED,
    from: './src/features',
    message: 'Shared code (components/, lib/, api/, ...) does not import a feature.',
  },
  {
    target: ['./src/lib', './src/api', './src/i18n'],
    from: './src/components',
    message: 'lib/, api/ and i18n/ are below the UI components: they do not import them.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'src/api/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'bench/*.mjs'],
        },
        tsconfigRootDir: here,
      },
      globals: { ...globals.browser },
    },
    settings: {
      // import-x reads TypeScript modules (without these, no-cycle cannot follow a .ts import).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${here}tsconfig.json` })],
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: boundaries }],
      // React Router's loaders throw its redirect() Responses: that is its API.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Unused arguments are named with a leading underscore where a signature needs them.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Components translate through the app's hook, typed by the source catalog.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-i18next', importNames: ['useTranslation'], message: 'Import useTranslation from src/i18n.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Tests: expect(object.method) never calls a method unbound, and an async callback without
    // await (a fetch stand-in) is how a test asks for a promise.
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off', '@typescript-eslint/require-await': 'off' },
  },
  {
    // Node configs: Node's globals, no type information for plain JavaScript.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
