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
const FEATURE_EXTENSIONS = {
  catalogue: ['saved-searches'],
  // My telephone lines and my condition reports (issue 29 §1 and §2) are My Items tabs.
  'my-items': ['saved-searches', 'registrations', 'telephone-bids', 'condition-reports'],
  // "Register to bid" (issue 28 §1) on a sale's page; the registration form offers the address book's dialog.
  sales: ['registrations', 'telephone-bids'],
  'live-sales': ['registrations'],
  registrations: ['addresses', 'identity'],
  // A consignor's postal address uses the address book's country, region and city fields (issue 27).
  // The telephone operator's desk (decision 097) follows the sale as the room does: live-sales' view, socket, words.
  admin: ['addresses', 'live-sales'],
};

// Every folder of apps/web/src/features, read at lint time so a new feature is bounded from its first file.
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which server domains (apps/server/src/modules/<domain>) each domain may import: everything else is refused by lint.
 * The lot core (lots) imports only what records a sale (commerce's order); nothing imports bidding but the live room.
 */
const SERVER_DOMAIN_IMPORTS = {
  addresses: ['geo'],
  audit: [],
  auth: ['mail'],
  bidders: ['audit', 'lots'],
  bidding: ['catalogue', 'commerce', 'lots', 'notifications'],
  calendar: ['lots'],
  catalogue: ['audit', 'collections', 'lots', 'media'],
  chat: ['auth', 'mail'],
  collections: ['audit', 'catalogue', 'media'],
  commerce: [
    'addresses',
    'audit',
    'auth',
    'catalogue',
    'house-settings',
    'identity',
    'mail',
    'media',
    'notifications',
  ],
  contact: ['audit', 'auth', 'mail'],
  'condition-reports': ['catalogue', 'mail', 'media', 'notifications'],
  consignors: ['audit', 'catalogue', 'commerce', 'mail', 'media'],
  content: ['audit', 'media'],
  dashboard: ['lots'],
  deposits: ['audit', 'auth', 'commerce', 'lots'],
  'dev-mailbox': [],
  'exchange-rates': ['audit'],
  geo: [],
  health: [],
  'house-settings': ['addresses', 'audit'],
  identity: ['audit', 'mail', 'media', 'notifications'],
  import: ['audit', 'catalogue', 'consignors', 'lots', 'media', 'sales'],
  likes: [],
  'live-sales': ['audit', 'bidding', 'catalogue', 'lots', 'media', 'notifications'],
  lots: ['commerce'],
  mail: [],
  media: [],
  notifications: ['mail', 'push'],
  'page-meta': ['catalogue', 'content', 'media', 'sales'],
  // The printed catalogue lays its PDF out with the documents' engine (commerce/documents) and mail's words.
  'printed-catalogues': ['commerce', 'mail'],
  push: [],
  realised: ['catalogue', 'media'],
  registrations: ['audit', 'bidders', 'mail', 'notifications', 'strikes'],
  sales: ['audit', 'catalogue', 'lots', 'media', 'notifications'],
  'saved-searches': ['catalogue', 'commerce', 'mail', 'notifications'],
  settlements: ['audit', 'consignors'],
  staff: ['audit', 'auth'],
  strikes: ['audit', 'mail', 'notifications'],
  // Telephone bids (decision 097) bid through the live sale's own path.
  'telephone-bids': ['audit', 'live-sales', 'lots'],
};
const unlisted = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !(e.name in SERVER_DOMAIN_IMPORTS))
  .map((e) => e.name);
if (unlisted.length)
  throw new Error(`eslint.config.js: list ${unlisted.join(', ')} in SERVER_DOMAIN_IMPORTS`);

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
            // Allow-lists: a domain imports only the domains it declares in SERVER_DOMAIN_IMPORTS (and lib, db,
            // config, plugins, realtime below every domain). A new dependency between domains is a line there.
            ...Object.entries(SERVER_DOMAIN_IMPORTS).map(([domain, allowed]) => ({
              target: `./apps/server/src/modules/${domain}`,
              from: './apps/server/src/modules',
              except: [`./${domain}`, ...allowed.map((d) => `./${d}`)],
              message: `modules/${domain} imports only the domains SERVER_DOMAIN_IMPORTS lists for it (eslint.config.js).`,
            })),
            {
              // Staff code sits beside the public code; public routes never reach into it.
              target: './apps/server/src/modules/**/!(*staff*)routes.ts',
              from: ['./apps/server/src/modules/**/staff-*.ts', './apps/server/src/modules/**/*-staff-*.ts'],
              message:
                'Public routes do not import staff code (staff-*.ts): read what both need from the domain service.',
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
