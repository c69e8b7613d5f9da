import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client.ts';
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
});
