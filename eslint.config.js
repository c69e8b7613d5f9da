import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports go one way: web → shared contracts; server → worker → db → shared (the server reaches the
 * worker only from its composition root). Enforced with the built-in no-restricted-imports (no
 * native resolver to install): by package name, and against relative paths that climb into another
 * workspace's sources.
 */
const packageImport = (names, message) => ({
  group: names.map((n) => `@preciofab/${n}`).concat(names.map((n) => `@preciofab/${n}/*`)),
  message,
});
const relativeInto = (dirs, message) => ({ regex: `^(\\.\\./)+(${dirs.join('|')})/src/`, message });

const LAYERS = {
  shared: [
    packageImport(['db', 'extract', 'fetch', 'worker', 'server', 'web'], 'shared depends on nothing of ours'),
    relativeInto(['db', 'extract', 'fetch', 'worker', 'server', 'web'], 'shared depends on nothing of ours'),
  ],
  // Extractors are pure (no I/O) and the fetcher knows nothing of storage: both sit beside shared.
  extract: [
    packageImport(['db', 'fetch', 'worker', 'server', 'web'], 'extractors are pure: shared only'),
    relativeInto(['db', 'fetch', 'worker', 'server', 'web'], 'extractors are pure: shared only'),
  ],
  fetch: [
    packageImport(['db', 'extract', 'worker', 'server', 'web'], 'the fetcher depends on shared only'),
    relativeInto(['db', 'extract', 'worker', 'server', 'web'], 'the fetcher depends on shared only'),
  ],
  db: [
    packageImport(['worker', 'server', 'web'], 'db must not import apps'),
    relativeInto(['worker', 'server', 'web'], 'db must not import apps'),
  ],
  worker: [
    packageImport(['server', 'web'], 'the worker must not import the server'),
    relativeInto(['server', 'web'], 'the worker must not import the server'),
  ],
  server: [
    packageImport(['web'], 'the server must not import the console'),
    relativeInto(['web'], 'the server must not import the console'),
  ],
  web: [
    packageImport(
      ['db', 'extract', 'fetch', 'worker', 'server'],
      'the console talks to the server over HTTP only',
    ),
    relativeInto(
      ['db', 'extract', 'fetch', 'worker', 'server'],
      'the console talks to the server over HTTP only',
    ),
  ],
};

// The server enqueues jobs by the contract both sides import (packages/shared/src/contracts/jobs.ts)
// and never imports a handler: only its composition root (server.ts) starts embedded workers, and
// tests may run a worker beside the app.
const SERVER_NOT_WORKER =
  'the server enqueues through @preciofab/shared/contracts/jobs; only server.ts (the composition root) may import the worker';
const SERVER_WORKER_ROOTS = [
  'apps/server/src/server.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/testing/**',
];

// No console feature imports another feature (bulletproof-react).
const FEATURE_TOP = { regex: '^\\.\\./[^./]', message: 'A feature must not import another feature.' };
const FEATURE_NESTED = {
  regex: '^\\.\\./\\.\\./[^./]',
  message: 'A feature must not import another feature.',
};
// Shared console code does not reach into features.
const NO_FEATURES = { group: ['**/features/**'], message: 'Shared code must not import features.' };

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'data-*/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // Config files are loaded by tools that expect a default export.
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Later blocks replace earlier ones for the same rule, so each block lists every pattern its files obey.
  restrict(['packages/shared/**/*.ts'], LAYERS.shared),
  restrict(['packages/db/**/*.ts'], LAYERS.db),
  restrict(['packages/extract/**/*.ts'], LAYERS.extract),
  restrict(['packages/fetch/**/*.ts'], LAYERS.fetch),
  restrict(['apps/worker/**/*.ts'], LAYERS.worker),
  restrict(['apps/server/**/*.ts'], LAYERS.server),
  {
    files: ['apps/server/**/*.ts'],
    ignores: SERVER_WORKER_ROOTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...LAYERS.server,
            packageImport(['worker'], SERVER_NOT_WORKER),
            relativeInto(['worker'], SERVER_NOT_WORKER),
          ],
        },
      ],
    },
  },
  restrict(['apps/web/**/*.{ts,tsx}'], LAYERS.web),
  restrict(['apps/web/src/features/*/*.{ts,tsx}'], [...LAYERS.web, FEATURE_TOP]),
  restrict(['apps/web/src/features/*/*/**/*.{ts,tsx}'], [...LAYERS.web, FEATURE_NESTED]),
  restrict(['apps/web/src/{components,lib,i18n,testing}/**/*.{ts,tsx}'], [...LAYERS.web, NO_FEATURES]),
);
