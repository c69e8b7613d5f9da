import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { TARGET_ERROR_CODES } from '@preciofab/shared/catalogue';
import { createTestDb, type TestDb } from '../testing/test-db.ts';

let t: TestDb;
let targetId: string;

beforeAll(async () => {
  t = await createTestDb();
  const vendor = (
    await t.db.query<{ id: string }>(
      "insert into vendors (name, type) values ('Taller', 'bureau') returning id",
    )
  ).rows[0]!.id;
  targetId = await targetsRepository.insert(t.db, vendor, {
    url: 'https://taller.example.test/precios',
    domain: 'taller.example.test',
    category: 'additive_manufacturing',
    priority: 5,
    frequency_hours: 24,
    active: true,
  });
});
afterAll(() => t.drop());

describe("a crawl target's failure reason", () => {
  it('is stored for every code, and only for those', async () => {
    for (const code of TARGET_ERROR_CODES) {
      await targetsRepository.recordFailure(t.db, targetId, { code, message: `detail of ${code}` });
      expect(await targetsRepository.findById(t.db, targetId)).toMatchObject({
        last_error_code: code,
        last_error: `detail of ${code}`,
      });
    }
    await expect(
      targetsRepository.recordFailure(t.db, targetId, {
        code: 'gremlins' as (typeof TARGET_ERROR_CODES)[number],
        message: 'x',
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
