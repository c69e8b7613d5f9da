import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client.ts';
import { deliveriesRepository } from '../repositories/deliveries.repository.ts';
import { usersRepository } from '../repositories/users.repository.ts';
import { createTestDb } from '../testing/test-db.ts';
import { seedDemoAlertChannels } from './build-alert-channels.ts';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('demo alert channels', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    const owner = await usersRepository.insert(db, {
      email: 'a@example.com',
      name: 'A',
      role: 'admin',
      passwordHash: 'x',
    });
    const rule = await db.query<{ id: string }>(
      "insert into alert_rules (owner_id, name, kind, failures) values ($1, 'Fallas', 'target_failing', 3) returning id",
      [owner.id],
    );
    for (let i = 0; i < 6; i++) {
      await db.query(
        `insert into alerts (rule_id, rule_name, dedupe_key, kind, data, created_at)
         values ($1, 'Fallas', $2, 'target_failing', '{}', $3)`,
        [rule.rows[0]!.id, `k${i}`, new Date(NOW.getTime() - i * 3_600_000)],
      );
    }
  });
  afterAll(() => drop());

  it('adds an inactive endpoint on a fictional host and a log with retries and a failure, once', async () => {
    expect(await seedDemoAlertChannels(db, NOW)).toEqual({ endpoints: 1, deliveries: 4 });
    const ep = await db.query<{ id: string; url: string; active: boolean }>(
      'select id, url, active from webhook_endpoints',
    );
    expect(ep.rows).toHaveLength(1);
    expect(ep.rows[0]).toMatchObject({
      active: false,
      url: expect.stringMatching(/^https:\/\/[^/]+\.example\//),
    });
    const { rows, total } = await deliveriesRepository.list(db, {
      endpointId: ep.rows[0]!.id,
      limit: 10,
      offset: 0,
    });
    expect(total).toBe(4);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent', 'sent', 'sent']);
    const attempts = await deliveriesRepository.attempts(
      db,
      rows.map((r) => r.id),
      [],
    );
    expect(attempts.map((a) => a.outcome).sort()).toEqual([
      'failed',
      'retry',
      'retry',
      'sent',
      'sent',
      'sent',
    ]);
    // The demo's alerts are planned: the sweep leaves them.
    expect(await deliveriesRepository.unplannedAlertIds(db, NOW, 10)).toHaveLength(2);
    expect(await seedDemoAlertChannels(db, NOW)).toEqual({ endpoints: 0, deliveries: 0 });
  });
});
