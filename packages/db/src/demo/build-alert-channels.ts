import { randomBytes } from 'node:crypto';
import type { Db } from '../client.ts';

const MINUTE = 60_000;

/** What each demo delivery's attempts were: status per attempt (null: no answer, a timeout). */
const STORIES: { status: 'sent' | 'failed'; attempts: (number | null)[] }[] = [
  { status: 'sent', attempts: [200] },
  { status: 'sent', attempts: [503, null, 200] },
  { status: 'sent', attempts: [204] },
  { status: 'failed', attempts: [410] },
];

/**
 * The demo's webhook endpoint and a few deliveries in its log, so the channels pages are not empty.
 * The endpoint points at a fictional host and is inactive: nothing is ever sent from the demo. Runs
 * after seedDemoAlerts (its deliveries are of the demo's alerts); does nothing when an endpoint
 * exists already.
 */
export async function seedDemoAlertChannels(
  db: Db,
  now = new Date(),
): Promise<{ endpoints: number; deliveries: number }> {
  return db.transaction(async (tx) => {
    const existing = await tx.query('select 1 from webhook_endpoints limit 1');
    if (existing.rows.length > 0) return { endpoints: 0, deliveries: 0 };
    const ep = await tx.query<{ id: string }>(
      `insert into webhook_endpoints (name, url, secret, active, all_rules, created_at, updated_at)
       values ('ERP del taller (ficticio)', 'https://hooks.erp-ficticio.example/preciofab', $1, false, true, $2, $2)
       returning id`,
      [`whsec_${randomBytes(24).toString('base64url')}`, new Date(now.getTime() - 3 * 24 * 60 * MINUTE)],
    );
    const endpointId = ep.rows[0]!.id;
    const alerts = await tx.query<{ id: string; created_at: Date }>(
      'select id, created_at from alerts order by created_at desc, id limit $1',
      [STORIES.length],
    );
    let deliveries = 0;
    for (const [i, alert] of alerts.rows.entries()) {
      const story = STORIES[i]!;
      await tx.query('insert into alert_delivery_plans (alert_id) values ($1) on conflict do nothing', [
        alert.id,
      ]);
      const start = alert.created_at.getTime() + MINUTE;
      const last = story.attempts.length;
      const d = await tx.query<{ id: string }>(
        `insert into alert_deliveries (alert_id, channel, endpoint_id, mode, status, attempts, last_error,
                                       created_at, updated_at)
         values ($1, 'webhook', $2, 'immediate', $3, $4, $5, $6, $7)
         on conflict (alert_id, endpoint_id) where endpoint_id is not null do nothing returning id`,
        [
          alert.id,
          endpointId,
          story.status,
          last,
          story.status === 'failed' ? 'http_status' : null,
          new Date(start),
          new Date(start + (last - 1) * 2 * MINUTE),
        ],
      );
      const id = d.rows[0]?.id;
      if (!id) continue;
      deliveries++;
      for (const [n, status] of story.attempts.entries()) {
        const ok = status !== null && status < 300;
        const outcome = ok ? 'sent' : n + 1 === last ? 'failed' : 'retry';
        await tx.query(
          `insert into alert_delivery_attempts (delivery_id, attempt, attempted_at, outcome, http_status, error_code,
                                                duration_ms)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            id,
            n + 1,
            new Date(start + n * 2 * MINUTE),
            outcome,
            status,
            ok ? null : status === null ? 'timeout' : 'http_status',
            status === null ? 10_000 : 80 + n * 37,
          ],
        );
      }
    }
    return { endpoints: 1, deliveries };
  });
}
