import { alertsRepository } from '@preciofab/db/repositories/alerts.repository';
import { planAlertsOfTransaction } from '@preciofab/db/repositories/delivery-planner';
import { ALERTS_EVALUATE_JOB, NOTIFICATIONS_CHANNEL } from '@preciofab/shared/contracts/jobs';
import { alertsForEvent } from '../alerts/alert-evaluation.ts';
import { implementJob } from './job-definition.ts';

/**
 * Evaluates the alert rules against one change (queued by the write paths in the change's own
 * transaction: alert-triggers.repository.ts). Idempotent: an alert is unique by rule and change, so
 * a redelivered job stores nothing twice and notifies no one again. The recipients' sockets hear of
 * it when the alerts commit (the notifications channel, relayed by every server).
 */
export const alertsEvaluateJob = implementJob(ALERTS_EVALUATE_JOB, {
  lockSeconds: 120,
  async handler(payload, ctx) {
    const found = await alertsForEvent(ctx.db, payload);
    if (found.length === 0) return { status: 'success', result: { event: payload.event, alerts: 0 } };
    const stored = await ctx.db.transaction(async (tx) => {
      const s = await alertsRepository.insertMany(tx, found);
      await planAlertsOfTransaction(tx, ctx.queue);
      if (s.userIds.length > 0) {
        await ctx.pubsub.publish(NOTIFICATIONS_CHANNEL, { user_ids: [...new Set(s.userIds)] }, tx);
      }
      return s;
    });
    if (stored.alerts > 0)
      ctx.log.info({ job: ctx.job.id, event: payload.event, alerts: stored.alerts }, 'alerts raised');
    return { status: 'success', result: { event: payload.event, alerts: stored.alerts } };
  },
});
