import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_CHANNEL } from '@preciofab/shared/contracts/jobs';
import type { Db } from '../client.ts';
import { createLocalPubSub } from '../pubsub.ts';
import { createTestDb } from '../testing/test-db.ts';
import { alertRulesRepository } from './alert-rules.repository.ts';

let db: Db;
let drop: () => Promise<void>;
let owner: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  owner = (
    await db.query<{ id: string }>(
      "insert into users (email, name, role, password_hash) values ('o@example.com', 'O', 'operator', 'x') returning id",
    )
  ).rows[0]!.id;
});
afterAll(() => drop());

describe('active kinds cache', () => {
  it('answers from memory for a while, and forgets at once on a rule written here', async () => {
    alertRulesRepository.forgetActiveKinds();
    const t0 = Date.now();
    expect([...(await alertRulesRepository.activeKinds(db, t0))]).toEqual([]);
    // Written by another process (plain SQL, nothing forgotten): unseen until the lifetime ends.
    await db.query(
      "insert into alert_rules (owner_id, name, kind, min_confidence) values ($1, 'r', 'discovery_candidate', 0.5)",
      [owner],
    );
    expect([...(await alertRulesRepository.activeKinds(db, t0 + 1000))]).toEqual([]);
    expect([...(await alertRulesRepository.activeKinds(db, t0 + 16_000))]).toEqual(['discovery_candidate']);

    // A rule of an inactive owner counts for nothing.
    await db.query('update users set active = false where id = $1', [owner]);
    alertRulesRepository.forgetActiveKinds();
    expect([...(await alertRulesRepository.activeKinds(db))]).toEqual([]);
  });

  it('forgets at once when another process announces a rule change', async () => {
    await db.query('update users set active = true where id = $1', [owner]);
    await db.query('delete from alert_rules');
    alertRulesRepository.forgetActiveKinds();
    const pubsub = createLocalPubSub();
    const stop = alertRulesRepository.forgetActiveKindsOnRuleChanges(pubsub);
    const t0 = Date.now();
    expect([...(await alertRulesRepository.activeKinds(db, t0))]).toEqual([]);
    await db.query(
      "insert into alert_rules (owner_id, name, kind, change_percent) values ($1, 'r', 'benchmark_move', 5)",
      [owner],
    );
    // A signal about something else changes nothing.
    await pubsub.publish(NOTIFICATIONS_CHANNEL, { user_ids: [owner] });
    expect([...(await alertRulesRepository.activeKinds(db, t0 + 1000))]).toEqual([]);
    await pubsub.publish(NOTIFICATIONS_CHANNEL, { rules_changed: true });
    expect([...(await alertRulesRepository.activeKinds(db, t0 + 1000))]).toEqual(['benchmark_move']);
    stop();
  });
});
