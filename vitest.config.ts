import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite per test file: two cores, so at most two files at once.
    maxWorkers: 2,
    // The PostgreSQL tests share one database; run files one at a time there.
    fileParallelism: !process.env.DATABASE_URL,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Component tests of the console (Testing Library in jsdom), beside the browser tests in e2e/.
        extends: true,
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/component-setup.ts'],
        },
      },
    ],
  },
});
