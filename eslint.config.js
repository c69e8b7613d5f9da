import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Data flows one way: web → shared contracts; server → worker → db → shared. */
const layers = [
  {
    target: './packages/shared',
    from: ['./packages/db', './apps'],
    message: 'shared depends on nothing of ours',
  },
  { target: './packages/db', from: ['./apps'], message: 'db must not import apps' },
  {
    target: './apps/worker',
    from: ['./apps/server', './apps/web'],
    message: 'the worker must not import the server',
  },
  {
    target: './apps/web',
    from: ['./apps/server', './apps/worker', './packages/db'],
    message: 'the console talks to the server over HTTP only',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'data-*/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
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
  {
    // No feature imports another feature (bulletproof-react).
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^./]', message: 'A feature must not import another feature.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./[^./]', message: 'A feature must not import another feature.' },
          ],
        },
      ],
    },
  },
  {
    // Shared web code does not reach into features.
    files: ['apps/web/src/{components,lib,i18n,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'Shared code must not import features.' }] },
      ],
    },
  },
);
