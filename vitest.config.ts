import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite per test file: two cores, so at most two files at once.
    maxWorkers: 2,
    // The PostgreSQL tests share one database; run files one at a time there.
    fileParallelism: !process.env.DATABASE_URL,
  },
});
