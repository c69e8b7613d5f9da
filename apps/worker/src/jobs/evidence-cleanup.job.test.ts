import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@preciofab/db/client';
import { evidenceFile, evidenceRepository } from '@preciofab/db/repositories/evidence.repository';
import { runSteps } from '@preciofab/db/steps';
import { createTestDb, memoryLogger } from '../testing/test-db.ts';
import { evidenceCleanupJob } from './evidence-cleanup.job.ts';
import type { JobContext } from './job-definition.ts';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const cleanup = () =>
  evidenceCleanupJob.handler({}, {
    db,
    log: memoryLogger(),
    job: { id: 'cleanup-test' },
  } as unknown as JobContext);

const snapshot = (text: string) =>
  evidenceFile('snapshot', 'text/html', Buffer.from(text), 'https://taller.example.test/');

/** Stores a file through the crawl's own step, in `tx`, and returns its id. */
async function store(tx: Db, text: string): Promise<string> {
  const file = snapshot(text);
  const [stored] = await runSteps(tx, [evidenceRepository.storeManyStep([file])] as const);
  return stored.get(file.key)!.id;
}

async function vendorWithObservation(name: string, snapshotId: string, screenshotId: string | null = null) {
  const vendor = (
    await db.query<{ id: string }>("insert into vendors (name, type) values ($1, 'bureau') returning id", [
      name,
    ])
  ).rows[0]!.id;
  await observe(db, vendor, snapshotId, screenshotId);
  return vendor;
}

async function observe(tx: Db, vendorId: string, snapshotId: string, screenshotId: string | null = null) {
  const offer = (
    await tx.query<{ id: string }>(
      `insert into offers (vendor_id, offer_key, name) values ($1, $2, 'Impresión 3D')
       on conflict (vendor_id, offer_key) do update set name = excluded.name returning id`,
      [vendorId, `offer-${snapshotId}`],
    )
  ).rows[0]!.id;
  await tx.query(
    `insert into price_observations (offer_id, vendor_id, offer_name, category, price, currency, unit,
                                     html_snapshot_path, screenshot_path)
     values ($1, $2, 'Impresión 3D', 'additive_manufacturing', 10, 'MXN', 'cm3', $3, $4)`,
    [offer, vendorId, snapshotId, screenshotId],
  );
}

const exists = async (id: string) =>
  (await db.query('select 1 from evidence_files where id = $1', [id])).rowCount === 1;

describe('evidence.cleanup', () => {
  it('deletes the files no observation points at, and keeps every other', async () => {
    const kept = await store(db, '<p>A</p>');
    const shot = (
      await runSteps(db, [
        evidenceRepository.storeManyStep([
          evidenceFile('screenshot', 'image/jpeg', Buffer.from('jpeg A'), 'https://a.example.test/'),
        ]),
      ] as const)
    )[0];
    const shotId = [...shot.values()][0]!.id;
    await vendorWithObservation('Taller A', kept, shotId);
    const goneWithVendor = await store(db, '<p>B</p>');
    const vendorB = await vendorWithObservation('Taller B', goneWithVendor);
    const orphan = await store(db, '<p>nadie</p>');

    expect(await cleanup()).toEqual({ status: 'success', result: { deleted: 1 } });
    expect(await exists(orphan)).toBe(false);
    expect(await exists(goneWithVendor)).toBe(true);

    await db.query('delete from vendors where id = $1', [vendorB]);
    expect(await cleanup()).toEqual({ status: 'success', result: { deleted: 1 } });
    expect(await exists(goneWithVendor)).toBe(false);
    expect([await exists(kept), await exists(shotId)]).toEqual([true, true]);
    expect(await cleanup()).toEqual({ status: 'success', result: { deleted: 0 } });
  });

  it('keeps a file a crawl reuses for a new observation while the cleanup runs', async () => {
    const reused = await store(db, '<p>otra vez</p>');
    const vendor = (
      await db.query<{ id: string }>(
        "insert into vendors (name, type) values ('Taller C', 'bureau') returning id",
      )
    ).rows[0]!.id;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reusing!: () => void;
    const reusedNow = new Promise<void>((resolve) => (reusing = resolve));
    // The crawl's transaction: finds the file by its content (touching its row), then, while the
    // cleanup is under way, points a new observation at it and commits.
    const crawl = db.transaction(async (tx) => {
      expect(await store(tx, '<p>otra vez</p>')).toBe(reused);
      reusing();
      await released;
      await observe(tx, vendor, reused);
    });
    await reusedNow;
    const outcome = cleanup().then(
      (r) => r,
      (e: unknown) => e as Error & { code?: string },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await crawl;
    const result = await outcome;
    // On PostgreSQL the cleanup's delete meets the crawl's row lock and fails to serialize (the job
    // is tried again later); on PGlite it waits for the crawl's transaction. Either way the file stays.
    if (db.kind === 'postgres') expect(result).toMatchObject({ code: '40001' });
    else expect(result).toEqual({ status: 'success', result: { deleted: 0 } });
    expect(await exists(reused)).toBe(true);
    expect(await cleanup()).toEqual({ status: 'success', result: { deleted: 0 } });
  });
});
