import { ALERTS_DELIVER_JOB } from '@preciofab/shared/contracts/jobs';
import { channelSettingsFromEnv, mailerFor } from '../channels/channel-settings.ts';
import { deliver } from './alerts-deliver.ts';
import { implementJob } from './job-definition.ts';

/** One attempt of an alert delivery or a digest (alerts-deliver.ts); a failure of the channel is
 * logged and retried by the delivery itself, so the job succeeds unless something else broke. */
export const alertsDeliverJob = implementJob(ALERTS_DELIVER_JOB, {
  // One SMTP exchange or one POST (10 s timeout), with room to spare.
  lockSeconds: 120,
  async handler(payload, ctx) {
    const settings = ctx.channels ?? channelSettingsFromEnv();
    const result = await deliver(
      {
        db: ctx.db,
        queue: ctx.queue,
        settings,
        mailer: mailerFor(settings),
        allowedHosts: ctx.crawler.settings.allowedHosts,
      },
      payload,
    );
    if (result.outcome === 'not_due') return { status: 'skipped', reason: 'not queued or not due' };
    if (result.outcome === 'skipped') return { status: 'skipped', reason: result.reason ?? 'skipped' };
    return { status: 'success', result };
  },
});
