import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Files inside a tsconfig project: linted with type information (recommendedTypeChecked). */
const TYPED = [
  'packages/shared/{src,test}/**/*.ts',
  'apps/server/{src,test}/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
];

/** The web app's features (bulletproof-react): each may use app-wide code, never another feature. */
/**
 * Known exceptions to "features never import each other", each a small widget one feature lends another's page:
 * the listing's "Save this search" button and My Items' saved-searches tab (issue 14). Composing them in app/
 * would move the listing's route module, which the server's route preloads and the size budget name.
 */
const FEATURE_EXTENSIONS = { catalogue: ['saved-searches'], 'my-items': ['saved-searches'] };

// Every folder of apps/web/src/features, read at lint time so a new feature is bounded from its first file.
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'coverage/**', '.scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: TYPED,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read answers as untyped JSON on purpose and check them with expect(): a type on `res.json()` would be an
    // unchecked cast that proves nothing the assertion does not, and `expect(obj.method)` is not a call.
    files: ['packages/shared/test/**/*.ts', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: Object.fromEntries(
      [
        'no-unsafe-member-access',
        'no-unsafe-assignment',
        'no-unsafe-argument',
        'no-unsafe-call',
        'no-unsafe-return',
        'unbound-method',
      ].map((rule) => [`@typescript-eslint/${rule}`, 'off']),
    ),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import structure: no cycles anywhere, and the layers below only ever import downwards.
  {
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files when it follows imports, and sees no cycle among .ts files.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json'],
          // Three disjoint projects, one per workspace: the resolver's hint to merge them does not apply.
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // The lot core is what bidding, sales, catalogue, admin, jobs and the live layer build on.
              target: './apps/server/src/modules/lots',
              from: [
                './apps/server/src/modules/bidding',
                './apps/server/src/modules/sales',
                './apps/server/src/modules/catalogue',
                './apps/server/src/modules/admin',
                './apps/server/src/jobs',
              ],
              message:
                'modules/lots is the lot core: the modules built on it import it, never the other way round.',
            },
            {
              target: './apps/server/src/modules/catalogue',
              from: ['./apps/server/src/modules/bidding', './apps/server/src/modules/sales'],
              message: 'The catalogue reads lots through modules/lots, not through bidding or sales.',
            },
            {
              target: './apps/server/src/modules/sales',
              from: './apps/server/src/modules/bidding',
              message: 'Sales read lots through modules/lots, not through bidding.',
            },
            {
              target: './apps/server/src/db',
              from: './apps/server/src/modules',
              message: 'db/ is below every module.',
            },
          ],
        },
      ],
    },
  },
  {
    // bulletproof-react's unidirectional codebase: app -> features -> shared (components, lib, config).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`, ...(FEATURE_EXTENSIONS[feature] ?? []).map((f) => `./${f}`)],
              message:
                'Features never import each other: move what both need to components/ or lib/, or compose them in app/.',
            })),
            {
              target: [
                './apps/web/src/features',
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/config',
              ],
              from: './apps/web/src/app',
              message: 'Only app/ composes features; nothing imports app/.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: './apps/web/src/features',
              message: 'Shared code (components, lib, config) never imports a feature.',
            },
          ],
        },
      ],
    },
  },
);
