import { z } from 'zod';
import { defineJob } from './job-definition.ts';

export const benchmarkCalculateJob = defineJob({
  name: 'benchmark.calculate',
  payload: z.object({}),
  maxAttempts: 3,
  lockSeconds: 300,
  handler: async () => ({ status: 'skipped', reason: 'not implemented yet' }),
});
