import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema } from '@preciofab/shared/contracts/alerts';
import type { Db } from '../client.ts';
import { notificationsRepository } from '../repositories/notifications.repository.ts';
import { usersRepository } from '../repositories/users.repository.ts';
import { createTestDb } from '../testing/test-db.ts';
import { seedDemoAlerts } from './build-alerts.ts';
import { seedDemo } from './seed-demo.ts';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('demo alerts', { timeout: 120_000 }, () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    await seedDemo(db, { seed: 4242, now: NOW });
  }, 120_000);
  afterAll(() => drop());

  it('waits for a user: the seed itself adds none (the first admin is made only in an empty table)', async () => {
    expect(await seedDemoAlerts(db, NOW)).toEqual({ rules: 0, alerts: 0, unread: 0 });
    expect((await db.query('select 1 from users')).rows).toEqual([]);
  });

  it('gives the first admin rules of every kind and alerts of several, the newest unread', async () => {
    const admin = await usersRepository.insert(db, {
      email: 'admin@example.com',
      name: 'Admin',
      role: 'admin',
      passwordHash: 'x',
    });
    const made = await seedDemoAlerts(db, NOW);
    expect(made.rules).toBe(6);
    expect(made.unread).toBe(3);
    expect(made.alerts).toBeGreaterThanOrEqual(5);

    const kinds = await db.query<{ kind: string }>('select distinct kind from alert_rules order by kind');
    expect(kinds.rows.map((r) => r.kind)).toEqual([
      'benchmark_move',
      'discovery_candidate',
      'new_offer',
      'offer_gone',
      'price_change',
      'target_failing',
    ]);
    const { rows, total } = await notificationsRepository.list(db, admin.id, { limit: 100, offset: 0 });
    expect(total).toBe(made.alerts);
    expect(new Set(rows.map((r) => r.kind)).size).toBeGreaterThanOrEqual(3);
    // Every stored alert reads as the contract says, as the console will read it.
    for (const row of rows) {
      const parsed = notificationSchema.safeParse({
        ...row,
        created_at: row.created_at.toISOString(),
        read_at: row.read_at?.toISOString() ?? null,
      });
      expect(parsed.success, `${row.kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(await notificationsRepository.unreadCount(db, admin.id)).toBe(3);
    expect(rows.slice(0, 3).every((r) => r.read_at === null)).toBe(true);

    // Once only.
    expect(await seedDemoAlerts(db, NOW)).toEqual({ rules: 0, alerts: 0, unread: 0 });
  });
});
