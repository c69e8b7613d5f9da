import { ALERTS_DELIVER_JOB, alertDeliveryKey, type JobQueue } from '@preciofab/shared/contracts/jobs';
import type { Db } from '../client.ts';
import { deliveriesRepository } from './deliveries.repository.ts';

export type PlanResult = { alerts: number; deliveries: number; enqueued: number };

/**
 * Plans the email and webhook deliveries of new alerts: one per alert and recipient (unique, so a
 * second call, a repeated job or the sweep plans nothing twice), and enqueues the immediate ones.
 * Call it inside the transaction that created the alerts, passing that transaction as `tx`: the
 * deliveries and their jobs then commit with the alerts or not at all. Digest items wait for the
 * user's digest hour (alerts.digest). An alert planned once is not planned again.
 */
export async function planAlertDeliveries(
  tx: Db,
  queue: JobQueue<Db>,
  alertIds: readonly string[],
): Promise<PlanResult> {
  if (alertIds.length === 0) return { alerts: 0, deliveries: 0, enqueued: 0 };
  const fresh = await deliveriesRepository.markPlanned(tx, alertIds);
  if (fresh.length === 0) return { alerts: 0, deliveries: 0, enqueued: 0 };
  const rows = [
    ...(await deliveriesRepository.insertEmail(tx, fresh)),
    ...(await deliveriesRepository.insertWebhook(tx, fresh)),
  ];
  let enqueued = 0;
  for (const row of rows) {
    if (row.mode !== 'immediate') continue;
    const payload = { kind: 'delivery' as const, delivery_id: row.id };
    const id = await queue.enqueue(
      ALERTS_DELIVER_JOB,
      payload,
      { singletonKey: alertDeliveryKey(payload), singletonWhileQueued: true },
      tx,
    );
    if (id) enqueued++;
  }
  return { alerts: fresh.length, deliveries: rows.length, enqueued };
}

/** The same for every alert the calling transaction created (a producer that does not keep the new
 * alerts' ids): one line after the alerts are stored, in their transaction. */
export async function planAlertsOfTransaction(tx: Db, queue: JobQueue<Db>): Promise<PlanResult> {
  return planAlertDeliveries(tx, queue, await deliveriesRepository.createdInThisTransaction(tx));
}

/** Alerts left unplanned for a minute (a producer that did not plan them, or a lost transaction
 * of the planning alone) are planned by the scheduler's sweep. */
export const SWEEP_AFTER_MS = 60_000;
const SWEEP_BATCH = 500;

/** Enqueues again the deliveries and digests overdue by a minute; one job waits per delivery (its
 * singleton key), so a delivery whose job is merely late gets no second one. */
export async function requeueOverdueDeliveries(
  db: Db,
  queue: JobQueue<Db>,
  now = new Date(),
): Promise<number> {
  let count = 0;
  for (const d of await deliveriesRepository.overdue(
    db,
    new Date(now.getTime() - SWEEP_AFTER_MS),
    SWEEP_BATCH,
  )) {
    const payload =
      d.kind === 'delivery'
        ? { kind: 'delivery' as const, delivery_id: d.id }
        : { kind: 'digest' as const, digest_id: d.id };
    const id = await queue.enqueue(ALERTS_DELIVER_JOB, payload, {
      singletonKey: alertDeliveryKey(payload),
      singletonWhileQueued: true,
    });
    if (id) count++;
  }
  return count;
}

export async function sweepUnplannedAlerts(
  db: Db,
  queue: JobQueue<Db>,
  now = new Date(),
): Promise<PlanResult> {
  const ids = await deliveriesRepository.unplannedAlertIds(
    db,
    new Date(now.getTime() - SWEEP_AFTER_MS),
    SWEEP_BATCH,
  );
  if (ids.length === 0) return { alerts: 0, deliveries: 0, enqueued: 0 };
  return db.transaction((tx) => planAlertDeliveries(tx, queue, ids));
}
