import { ALERTS_DIGEST_JOB } from '@preciofab/shared/contracts/jobs';
import { runDigests } from './alerts-digest.ts';
import { implementJob } from './job-definition.ts';

/** The scheduler enqueues one at the top of every hour while digest items wait. */
export const alertsDigestJob = implementJob(ALERTS_DIGEST_JOB, {
  lockSeconds: 300,
  async handler(payload, ctx) {
    const result = await runDigests(ctx.db, ctx.queue, new Date(payload.at));
    return { status: 'success', result };
  },
});
